// The same in TypeScript: the types of ilm-sim/cucumber and ilm-sim checked by the user's compiler.
import { Given, Then, setWorldConstructor } from '@cucumber/cucumber';
import { IlmWorld } from 'ilm-sim/cucumber';
import { createSimulator, PROFILES, type SimResponse } from 'ilm-sim';

class TeamWorld extends IlmWorld {
  lastAge: string | undefined;
  async ageOf(index: string): Promise<string> {
    const record = await this.explainRecord(index);
    this.lastAge = String(record['age']);
    return this.lastAge;
  }
}
setWorldConstructor(TeamWorld);

Given('the team bootstraps {string} under {string}', async function (this: TeamWorld, index: string, policy: string) {
  const response: SimResponse = await this.sendOk('PUT', `/${index}`, { settings: { 'index.lifecycle.name': policy } });
  if (response.status !== 200) throw new Error(response.text);
});

Then('the age of {string} is {string}', async function (this: TeamWorld, index: string, age: string) {
  const actual = await this.ageOf(index);
  if (actual !== age) throw new Error(`age of ${index} is ${actual}, expected ${age}`);
  if (!PROFILES.has('8.19') || createSimulator({ profile: '8.19' }).profile.name !== '8.19') throw new Error('profiles missing');
});
