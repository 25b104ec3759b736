// Content's public entry: CMS pages, the navigation menus, and the route table's segments pages may not take.
export { createPagesService, type PagesService } from './pages';
export { createNavigationService, type NavigationService } from './navigation';
export { routeSegments } from './route-table';
