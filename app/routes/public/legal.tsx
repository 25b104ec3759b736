// Stub until the page is built: shows what the page will hold.
export { default, meta } from '../placeholder';
