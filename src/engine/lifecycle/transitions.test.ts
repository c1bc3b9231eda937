/**
 * Tests for `moveToStep`: a move copies the state unless it is given that very state to update in
 * place, and either way reads the old position and step_info before writing (phase and action times,
 * the cached phase definition, 8.16+'s previous_step_info).
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { copyState, type ExecutionState } from '../cluster/execution-state';
import { parsePolicyRequest } from './policy-parser';
import type { PolicyMetadata } from '../cluster/policy-model';
import { PROFILES } from '../profile';
import { stepKey } from '../cluster/step-key';
import { moveToStep } from './transitions';

const PROFILE = PROFILES.get('8.19')!;
const METADATA: PolicyMetadata = {
  policy: parsePolicyRequest(JSON.stringify({ policy: { phases: { warm: { min_age: '1d', actions: { readonly: {} } } } } }), 'p', PROFILE),
  version: 1,
  modifiedDate: 0,
  canonical: '',
};

const HOT: ExecutionState = {
  phase: 'hot',
  action: 'complete',
  step: 'complete',
  lifecycleDate: 1,
  phaseTime: 2,
  actionTime: 3,
  stepTime: 4,
  stepInfo: { message: 'waiting' },
};

describe('moveToStep', () => {
  for (const inPlace of [false, true]) {
    it(`${inPlace ? 'updates the given state in place' : 'copies the state'} and reads the old position first`, () => {
      const state = copyState(HOT);
      const moved = moveToStep(METADATA, state, stepKey('warm', 'readonly', 'readonly'), 100, false, PROFILE, inPlace ? state : undefined);
      expect(moved === state).to.equal(inPlace);
      expect({ ...moved }).to.include({
        phase: 'warm',
        action: 'readonly',
        step: 'readonly',
        phaseTime: 100,
        actionTime: 100,
        stepTime: 100,
        lifecycleDate: 1,
      });
      expect(moved.stepInfo).to.equal(undefined);
      expect(moved.previousStepInfo).to.deep.equal({ message: 'waiting' });
      expect(moved.phaseDefinition?.policy).to.equal('p');
      if (!inPlace) expect({ ...state }).to.deep.equal({ ...copyState(HOT) });
    });
  }

  it('a state other than the one moved is not reused', () => {
    const state = copyState(HOT);
    const other = copyState(HOT);
    const moved = moveToStep(METADATA, state, stepKey('hot', 'complete', 'complete'), 100, false, PROFILE, other);
    expect(moved).to.not.equal(other);
    expect(moved).to.not.equal(state);
    expect([moved.phaseTime, moved.actionTime, moved.stepTime]).to.deep.equal([2, 3, 100]);
  });
});
