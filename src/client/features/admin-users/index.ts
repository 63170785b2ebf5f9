export { UsersPage } from './users-page';
