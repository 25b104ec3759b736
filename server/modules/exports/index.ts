// Export to accounting's public entry: the service (created once in server/services.ts).
export { createExportService, type ExportChannel, type ExportFile, type ExportService } from './service';
