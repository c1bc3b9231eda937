/**
 * `index.lifecycle.parse_origination_date` (mirrors ES `IndexLifecycleOriginationDateParser`): the
 * date in an index name such as `logs-2024.01.15-000001`, as UTC midnight millis, with ES's messages.
 * Pure.
 */
import { EsException, illegalArgument } from '../errors';

const PATTERN = /^.*-(\d{4}.\d{2}.\d{2})(-[\d]+)?$/;
const PATTERN_TEXT = "'^.*-(\\d{4}.\\d{2}.\\d{2})(-[\\d]+)?$'";

export function parseOriginationDateFromName(indexName: string): number {
  const match = PATTERN.exec(indexName);
  if (!match) throw new EsException(illegalArgument(`index name [${indexName}] does not match pattern ${PATTERN_TEXT}`));
  const text = match[1]!;
  const parts = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(text);
  const year = Number(parts?.[1]);
  const month = Number(parts?.[2]);
  const day = Number(parts?.[3]);
  const millis = Date.UTC(year, month - 1, day);
  const valid = parts !== null && new Date(millis).getUTCMonth() === month - 1 && new Date(millis).getUTCDate() === day;
  if (!valid) {
    throw new EsException(illegalArgument(`index name [${indexName}] contains date [${text}] which couldn't be parsed using the 'yyyy.MM.dd' format`));
  }
  return millis;
}
