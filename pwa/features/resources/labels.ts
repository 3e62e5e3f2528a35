import { DIFFICULTIES, RESOURCE_CATEGORIES, RESOURCE_CATEGORY_NAMES, RESOURCE_TYPE_NAMES, RESOURCE_TYPES } from '../../../contracts/constants';
import type { BadgeTone } from '../../components/Badge';
import type { ResourceCategory, ResourceType } from '../../api/resources';

type Difficulty = (typeof DIFFICULTIES)[number];

/** Display names for the enums of spec section 3. */
export const TYPE_LABELS: Record<ResourceType, { one: string; many: string; tone: BadgeTone }> = {
  ebook: { one: RESOURCE_TYPE_NAMES.ebook, many: 'E-Books', tone: 'blue' },
  webinar: { one: RESOURCE_TYPE_NAMES.webinar, many: 'Webinars', tone: 'purple' },
  'case-study': { one: RESOURCE_TYPE_NAMES['case-study'], many: 'Case Studies', tone: 'green' },
  certification: { one: RESOURCE_TYPE_NAMES.certification, many: 'Certifications', tone: 'amber' },
};

export const CATEGORY_LABELS: Record<ResourceCategory, string> = RESOURCE_CATEGORY_NAMES;

export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

export const TYPE_OPTIONS = RESOURCE_TYPES.map((id) => ({ id, label: TYPE_LABELS[id].one }));
export const CATEGORY_OPTIONS = RESOURCE_CATEGORIES.map((id) => ({ id, label: CATEGORY_LABELS[id] }));
export const DIFFICULTY_OPTIONS = DIFFICULTIES.map((id) => ({ id, label: DIFFICULTY_LABELS[id] }));
