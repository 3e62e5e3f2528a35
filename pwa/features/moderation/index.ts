export { HiddenNotice } from './HiddenNotice';
export { ReportButton } from './ReportButton';
