// A write's answer put into the query cache so that no read begun before the write can land after it
// and show the older state (a refetch another action started, a focus refetch, a live event's).
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export async function setAnswer<T>(qc: QueryClient, queryKey: QueryKey, data: T) {
  await qc.cancelQueries({ queryKey, exact: true });
  qc.setQueryData(queryKey, data);
}
