import type { Resource } from '../../../contracts/resources';
import { Badge } from '../../components/Badge';
import { Button, buttonClassName } from '../../components/Button';
import { EditDeleteButtons } from '../../components/EditDeleteButtons';
import { Card } from '../../components/Card';
import { CARD_IMAGE_SIZES, Cover } from '../../components/Cover';
import { resourceCover } from '../../../contracts/covers';
import { CATEGORY_LABELS, DIFFICULTY_LABELS, TYPE_LABELS } from './labels';
import { formatCount } from '../../lib/format';
import { ClockIcon, DownloadIcon, ExternalIcon, LevelIcon, StarIcon } from '../../components/icons';

export interface ResourceCardProps {
  resource: Resource;
  isAdmin: boolean;
  onEdit: (resource: Resource) => void;
  onDelete: (resource: Resource) => void;
}


export function ResourceCard({ resource, isAdmin, onEdit, onDelete }: ResourceCardProps) {
  const type = TYPE_LABELS[resource.type];
  return (
    <Card as="article" className="resource-card">
      {/* Spec 2: no placeholder: with neither its image nor its generated cover, the card has no picture. */}
      <Cover className="card__media" image={resource.imageUrl} cover={resourceCover(resource)} sizes={CARD_IMAGE_SIZES} placeholder={null} />
      <div className="card__body">
        <ul className="badge-list" aria-label="Labels">
          <li>
            <Badge tone={type.tone}>{type.one}</Badge>
          </li>
          {resource.isFree ? (
            <li>
              <Badge tone="green">FREE</Badge>
            </li>
          ) : null}
        </ul>
        <h3 className="card__title">{resource.title}</h3>
        {resource.description ? <p className="card__text">{resource.description}</p> : null}
        <ul className="inline-list resource-card__facts">
          {resource.duration ? (
            <li>
              <ClockIcon />
              <span className="visually-hidden">Duration: </span>
              {resource.duration}
            </li>
          ) : null}
          {resource.difficulty ? (
            <li>
              <LevelIcon />
              <span className="visually-hidden">Difficulty: </span>
              {DIFFICULTY_LABELS[resource.difficulty]}
            </li>
          ) : null}
          {resource.rating > 0 ? (
            <li className="resource-card__rating">
              <StarIcon />
              <span className="visually-hidden">Rating: </span>
              {resource.rating}/5
            </li>
          ) : null}
        </ul>
        <p className="resource-card__category">{CATEGORY_LABELS[resource.category]}</p>
        <div className="card__footer">
          <span className="card__stat">
            <DownloadIcon />
            {formatCount(resource.downloadCount)} downloads
          </span>
          <span className="card__spacer" />
          {resource.url ? (
            <a
              href={resource.url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClassName({ variant: 'primary', size: 'sm' })}
            >
              Access Resource
              <ExternalIcon />
              <span className="visually-hidden">: {resource.title} (opens in a new tab)</span>
            </a>
          ) : (
            <Button size="sm" isDisabled>
              Access Resource
            </Button>
          )}
        </div>
        {isAdmin ? (
          <div className="resource-card__admin">
            <EditDeleteButtons title={resource.title} onEdit={() => onEdit(resource)} onDelete={() => onDelete(resource)} />
          </div>
        ) : null}
      </div>
    </Card>
  );
}
