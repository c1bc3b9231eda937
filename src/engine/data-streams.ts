/**
 * Data streams in the simulated cluster (ES `DataStream`): a name, its backing indices oldest first
 * (the last is the write index) and its generation. Lookups and the changes ILM steps make to them.
 * Pure data and functions over the cluster; no clock reads, no I/O.
 */
import type { Cluster, IndexMetadata } from './cluster';

export interface DataStream {
  readonly name: string;
  /** Backing index names, oldest first; the last one is the write index. */
  readonly indices: string[];
  generation: number;
  /** The composable template that created it. */
  readonly template: string;
}

/** The data stream an index backs, or null. */
export function dataStreamOf(cluster: Cluster, indexName: string): DataStream | null {
  for (const ds of cluster.dataStreams.values()) if (ds.indices.includes(indexName)) return ds;
  return null;
}

/** The data stream whose write index this is, or null. */
export function writeIndexDataStream(cluster: Cluster, index: IndexMetadata): DataStream | null {
  const ds = dataStreamOf(cluster, index.name);
  return ds && ds.indices[ds.indices.length - 1] === index.name ? ds : null;
}

/** ES `ReplaceDataStreamBackingIndexStep`: the new index takes the old one's place in the stream. */
export function replaceBackingIndex(ds: DataStream, oldName: string, newName: string): void {
  const at = ds.indices.indexOf(oldName);
  if (at >= 0) ds.indices[at] = newName;
}
