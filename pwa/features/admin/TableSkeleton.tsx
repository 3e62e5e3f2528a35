import { Skeleton, SkeletonGroup } from '../../components/Skeleton';

/** The control panel's tables while they load: three row-high bars. */
export function TableSkeleton({ label }: { label: string }) {
  return (
    <SkeletonGroup label={label} className="table-skeleton">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} width="100%" height="2.5rem" />
      ))}
    </SkeletonGroup>
  );
}
