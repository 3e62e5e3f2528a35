/*
 * The study-time feature's front door: measuring a signed-in member's reading for the CPD ledger
 * (docs/cpd.md). Listening is measured by the listening wing's player, with the same clock.
 */
export { useReadingTime, type ReadItem } from './useReadingTime';
