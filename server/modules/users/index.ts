// Users' public entry: the users service, staff's user management, and the access (roles and
// permissions) a user has.
export { createUserService, findUserByEmail, type UserService } from './service';
export { createUsersAdmin, type UsersAdmin } from './admin';
export { accessOf, ensureSystemRoles } from './access';
