export { parseCategoryParam, validateCategorySearch } from './listFilters';
