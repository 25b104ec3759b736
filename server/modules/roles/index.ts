// Roles' public entry: custom roles and their permissions.
export { createRoleService, type RoleService } from './service';
