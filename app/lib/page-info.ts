// What each page that a later capability fills will hold, keyed by route id.
export interface PageInfo {
  title: string;
  description: string;
  coming: string;
}

export const PAGE_INFO: Record<string, PageInfo> = {
  about: {
    title: 'About Frolic',
    description: 'The story of Frolic: our distillery, our people and how we make our spirits.',
    coming: 'Our story, our values and a look inside the distillery.',
  },
  cocktails: {
    title: 'Cocktails',
    description: 'Cocktail recipes made with Frolic spirits.',
    coming: 'Cocktail recipes, filtered by base spirit and difficulty.',
  },
  cocktail: {
    title: 'Cocktail recipe',
    description: 'A Frolic cocktail recipe: ingredients, steps and glassware.',
    coming: 'The recipe: ingredients, steps, glass and the Frolic spirit it uses.',
  },
  contact: { title: 'Contact us', description: 'Get in touch with the Frolic team.', coming: 'A contact form that reaches our team directly.' },
  'business-inquiry': {
    title: 'Business inquiry',
    description: 'Become a Frolic trade partner: importers, distributors and retailers.',
    coming: 'A form for importers, distributors and retailers who would like to work with us.',
  },
  'store-locator': {
    title: 'Store locator',
    description: 'Find a store near you that stocks Frolic.',
    coming: 'Stores near you, by place or by your location, with opening hours and directions.',
  },
  'buy-online': {
    title: 'Buy online',
    description: 'Buy Frolic spirits from trusted online retailers.',
    coming: 'Online retailers in your market for each of our spirits.',
  },
  'drink-responsibly': {
    title: 'Drink responsibly',
    description: 'Guidance on enjoying alcohol responsibly.',
    coming: 'Guidance, unit facts and organisations that can help.',
  },
  'admin-login': { title: 'Staff sign-in', description: 'Sign in to the Frolic admin area.', coming: 'Sign-in for Frolic staff.' },
  'partner-login': {
    title: 'Partner sign-in',
    description: 'Sign in to the Frolic partner portal.',
    coming: 'Sign-in for importers, distributors and retailers.',
  },
  login: { title: 'Sign in', description: 'Sign in to your Frolic account.', coming: 'Sign-in to your Frolic account.' },
  register: { title: 'Create an account', description: 'Create a Frolic account.', coming: 'Create an account with your email address.' },
  'forgot-password': { title: 'Forgot password', description: 'Reset your Frolic password.', coming: 'Request a link to reset your password.' },
  'reset-password': { title: 'Reset password', description: 'Choose a new password.', coming: 'Choose a new password from the link in your email.' },
  'admin-products': {
    title: 'Manage Products',
    description: 'Frolic admin',
    coming: 'The product table and editor: names, prices per market and tier, stock and status.',
  },
  'admin-store-locator': { title: 'Store Locator', description: 'Frolic admin', coming: 'Store locations: table, editor, CSV import and export.' },
  'admin-cocktails': { title: 'Manage Recipes', description: 'Frolic admin', coming: 'Cocktail recipes: ingredients, steps, images and publishing.' },
  'admin-marketing': { title: 'Collateral & Events', description: 'Frolic admin', coming: 'Marketing collateral and brand events.' },
  'admin-master-admin': { title: 'Master Admin Panel', description: 'Frolic admin', coming: 'An overview of the master admin tools.' },
  'admin-user-management': { title: 'User Management', description: 'Frolic admin', coming: 'Users, their roles and status.' },
  'admin-users': { title: 'User Management', description: 'Frolic admin', coming: 'Users, their roles and status.' },
  'admin-content-management': { title: 'Content Management', description: 'Frolic admin', coming: 'Pages, navigation menus and the media library.' },
  'admin-advanced-user-management': {
    title: 'Advanced User Management',
    description: 'Frolic admin',
    coming: 'All users, roles and permissions, and access-control settings.',
  },
  'admin-database-management': { title: 'Database Management', description: 'Frolic admin', coming: 'The table browser and the SQL editor.' },
  'admin-code-editor': { title: 'Code Editor', description: 'Frolic admin', coming: 'The site assets repository: edit, commit, branch and deploy.' },
  'admin-audit-logs': { title: 'Audit Logs', description: 'Frolic admin', coming: 'Every change and security event, searchable and exportable.' },
  'create-test-users': {
    title: 'Create test users',
    description: 'Demo users per role, in demo mode only.',
    coming: 'Creates demo users for each role when demo mode is on.',
  },
};

export function pageInfoFor(routeId: string): PageInfo {
  return (
    PAGE_INFO[routeId] ?? {
      title: routeId
        .replace(/^(admin|partner)-/, '')
        .replaceAll('-', ' ')
        .replace(/^\w/, (c) => c.toUpperCase()),
      description: 'Frolic',
      coming: 'This screen is part of the staff and partner areas.',
    }
  );
}
