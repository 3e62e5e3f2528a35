/**
 * The member's own pages, in the order both account menus list them: the header's (AccountMenu)
 * and the phone's (MobileMenuSheet). `id` is the header menu's item key.
 */
export const ACCOUNT_PAGES = [
  { id: 'profile', to: '/profile', label: 'Profile' },
  { id: 'cpd', to: '/cpd', label: 'CPD ledger' },
  { id: 'notifications', to: '/notifications', label: 'Notifications' },
  { id: 'topics', to: '/topics', label: 'Your topics' },
] as const;
