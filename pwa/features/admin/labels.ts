import type { Role } from '../../../contracts/common';
import { ROLES } from '../../../contracts/constants';

export const ROLE_LABELS: Record<Role, string> = {
  subscriber: 'Subscriber',
  contributor: 'Contributor',
  editor: 'Editor',
  admin: 'Admin',
};

export const ROLE_OPTIONS = ROLES.map((role) => ({ id: role, label: ROLE_LABELS[role] }));

export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/** Spec 9: the admin panel's quick article form offers these four categories (by slug). */
export const PANEL_ARTICLE_CATEGORIES = [
  { id: 'automation', label: 'Automation' },
  { id: 'fraud-detection', label: 'Fraud Detection' },
  { id: 'regulatory', label: 'Regulatory' },
  { id: 'generative-ai', label: 'Generative AI' },
] as const;
