export {
  likeRefOf,
  type ChangeEventType,
  type ChangeFacts,
  type DomainEvent,
  type EditedPost,
  type EventActor,
  type EventOf,
  type EventTarget,
  type EventType,
  type LikeRef,
  type ModerationDecision,
  type Written,
} from './catalogue';
export { changedFields, eventActor, userTarget } from './facts';
export { EventRegistry, eventRegistry, recordEvent, type AfterCommitProcessor, type InTransactionSubscriber } from './registry';
export { EVENTS_LEASE, MAX_ATTEMPTS, processEvents, startEventProcessing } from './processing';
