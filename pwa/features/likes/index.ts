export { LikeButton } from './LikeButton';
