/**
 * The lifecycle type's checks on a parsed policy (mirrors ES `TimeseriesLifecycleType#validate` and
 * `validateMonotonicallyIncreasingPhaseTimings`), with ES's messages verbatim and its iteration order
 * (phases and actions in Java HashMap order). Where the checks run, and how their errors reach the
 * client, is the profile's choice (`policyValidation`): inside the policy's constructor while parsing
 * (6.x/7.x) or in the request's `validate()` (8.x). Pure: reads the policy and the profile only.
 */
import { definesAllocationRules } from './actions/allocate';
import { downsampleIntervalOf } from './actions/downsample';
import { validateDownsamplingIntervals } from './downsample-validation';
import { EsException, illegalArgument } from '../errors';
import { javaHashMapOrder } from '../xcontent/java-order';
import type { Phase } from '../cluster/policy-model';
import type { PhaseName, Profile } from '../profile';
import { phasesInMapOrder, validateReplicateFor, validateSearchableSnapshotRules } from './snapshot-validation';
import { formatTimeValueToString } from '../xcontent/time';

/** ES `TimeseriesLifecycleType#validate`: the first problem found, as an IAE. */
export function validateLifecycleType(phases: ReadonlyMap<string, Phase>, profile: Profile): void {
  const ordered = phasesInMapOrder(phases);
  for (const phase of ordered) {
    if (!(profile.phases as readonly string[]).includes(phase.name)) {
      throw new EsException(illegalArgument(`Timeseries lifecycle does not support phase [${phase.name}]`));
    }
    for (const actionName of javaHashMapOrder([...phase.actions.keys()])) {
      if (!profile.phaseActions[phase.name as PhaseName].includes(actionName)) {
        throw new EsException(illegalArgument(`invalid action [${actionName}] defined in phase [${phase.name}]`));
      }
    }
  }
  const hot = phases.get('hot');
  if (hot && !hot.actions.has('rollover')) {
    const needing = javaHashMapOrder([...hot.actions.keys()]).filter((a) => profile.actionsNeedingRolloverInHot.includes(a));
    if (needing.length > 0) {
      throw new EsException(
        illegalArgument(
          `the [${needing.join(', ')}] ${profile.hotRolloverMessageNoun} may not be used in the [hot] phase without an accompanying [rollover] action`,
        ),
      );
    }
  }
  // ES 7.10 brought `migrate` and this check with it.
  if (profile.injectMigrate) {
    const conflicting = ordered
      .filter((phase) => {
        const migrate = phase.actions.get('migrate');
        const allocate = phase.actions.get('allocate');
        return migrate && migrate.settings['enabled'] !== false && allocate && definesAllocationRules(allocate.settings);
      })
      .map((phase) => phase.name);
    if (conflicting.length > 0) {
      throw new EsException(
        illegalArgument(
          `phases [${conflicting.join(',')}] specify an enabled migrate action and an allocate action with allocation rules. specify only a single data migration in each phase`,
        ),
      );
    }
  }
  validateSearchableSnapshotRules(phases, profile);
  validateDownsamplingIntervals(phases, profile.phases, downsampleIntervalOf);
  validateReplicateFor(phases, profile);
}

/**
 * ES `validateMonotonicallyIncreasingPhaseTimings` (7.13+): every later phase with a configured,
 * non-zero `min_age` smaller than an earlier one's is reported, each phase once; messages joined by
 * `,`. Returns the empty string when the timings are in order.
 */
export function phaseTimingError(phases: ReadonlyMap<string, Phase>, profile: Profile): string {
  const configured = (phase: Phase | undefined): phase is Phase => phase !== undefined && phase.minAge !== null && phase.minAge.millis !== 0;
  const errors: string[] = [];
  const reported = new Set<string>();
  const order = profile.phases;
  for (let i = 0; i < order.length; i++) {
    const phase = phases.get(order[i]!);
    if (!configured(phase) || reported.has(phase.name)) continue;
    const minAge = phase.minAge!.millis;
    // Divergence: ES lists several offending phases in the iteration order of a HashSet of phase
    // objects (hashes of their whole definitions); they are listed here in phase order.
    const bad = order
      .slice(i + 1)
      .map((name) => phases.get(name))
      .filter(configured)
      .filter((later) => later.minAge!.millis < minAge);
    if (bad.length === 0) continue;
    for (const later of bad) reported.add(later.name);
    const describe = (p: Phase) => `the ${p.name} phase (min_age: ${formatTimeValueToString(p.minAge!.millis)})`;
    const listed = bad.length === 1 ? describe(bad[0]!) : `${bad.slice(0, -1).map(describe).join(', ')} and ${describe(bad[bad.length - 1]!)}`;
    errors.push(
      `Your policy is configured to run ${listed} before the ${phase.name} phase (min_age: ${formatTimeValueToString(minAge)}). You should change the phase timing so that the phases will execute in the order of hot, warm, then cold.`,
    );
  }
  return errors.join(',');
}
