/**
 * `GET /_xpack` (ES `RestXPackInfoAction`) and the license API (`GET /_license`, 6.x/7.x
 * `GET /_xpack/license`, ES `RestGetLicenseAction`): what Logstash, Beats and the clients ask before
 * they use ILM. The one simulated node runs the self-generated basic license from the simulator's
 * start; the feature list and the license paths are profile data. They change nothing.
 *
 * Divergence: the license `uid` is derived from the cluster's seeded id (ES draws a random UUID), and
 * each feature's `available` follows the basic subscription table, not a per-release check.
 */
import { formatEsDate } from '../../engine/xcontent/time';
import { EsException, illegalArgument } from '../../engine/errors';
import { booleanParam, commaList, HandlerResult, noHandlerFound, ok, RequestContext } from '../context';
import { getIndex } from '../indices/index-read-handlers';

/** ES `LicenseService.BASIC_SELF_GENERATED_LICENSE_MAX_NODES`. */
const BASIC_MAX_NODES = 1000;

/** A stable UUID-shaped id from the cluster's seeded node id. */
function licenseUid(seed: string): string {
  let hex = '';
  for (let i = 0; hex.length < 32; i++)
    hex += seed
      .charCodeAt(i % seed.length)
      .toString(16)
      .padStart(2, '0')
      .slice(-2);
  hex = hex.slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const CATEGORIES = ['build', 'license', 'features'];

/** `GET /_xpack`: build, license and feature sets (sorted by name), then the tagline unless `human=false`. */
export function xpackInfo(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const verbose = booleanParam(ctx, 'human', true);
  const requested = commaList(ctx.query.get('categories') ?? '_all');
  const wants = (category: string) => requested.includes('_all') || requested.includes(category);
  for (const category of requested) {
    // ES `XPackInfoRequest.Category#parse`.
    if (category !== '_all' && category !== '_none' && !CATEGORIES.includes(category)) {
      throw new EsException(illegalArgument(`Unknown category [${category}]`));
    }
  }
  const out: Record<string, unknown> = {};
  if (wants('build')) out['build'] = { hash: sim.profile.version.buildHash, date: sim.profile.version.buildDate };
  if (wants('license')) out['license'] = { uid: licenseUid(sim.cluster.nodeId), type: 'basic', mode: 'basic', status: 'active' };
  if (wants('features')) {
    const features: Record<string, unknown> = {};
    for (const name of Object.keys(sim.profile.xpack.features).sort()) {
      // ES `LogsDBFeatureSetUsage`: logsdb is off unless `cluster.logsdb.enabled`.
      features[name] = { available: sim.profile.xpack.features[name], enabled: name !== 'logsdb' };
    }
    out['features'] = features;
  }
  if (verbose) out['tagline'] = 'You know, for X';
  return ok(out);
}

/**
 * `GET /_license`: the basic license (ES `License#toInnerXContent`; a self-generated basic license has
 * no expiry fields). A release without the path routes it as `GET /{index}`, as ES's router does.
 */
export function getLicense(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const path = ctx.path.replace(/\/+$/, '') as '/_license' | '/_xpack/license';
  if (!sim.profile.xpack.licensePaths.includes(path)) {
    // 6.x has no `/_license`: its router reads it as an index name. 8.x+ dropped `/_xpack/license`.
    return path === '/_license' ? getIndex({ ...ctx, params: new Map([['index', '_license']]) }) : noHandlerFound(ctx);
  }
  const issued = sim.config.startMillis;
  return ok({
    license: {
      status: 'active',
      uid: licenseUid(sim.cluster.nodeId),
      type: 'basic',
      issue_date: formatEsDate(issued),
      issue_date_in_millis: issued,
      max_nodes: BASIC_MAX_NODES,
      ...(sim.profile.xpack.maxResourceUnits ? { max_resource_units: null } : {}),
      issued_to: 'ilm-sim',
      issuer: 'elasticsearch',
      start_date_in_millis: -1,
    },
  });
}
