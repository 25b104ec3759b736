// The dashboards' public entry: the staff and partner home pages' figures.
export { createDashboardService, type DashboardService } from './service';
