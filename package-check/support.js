// A user's support file: the step library, plus a World of the team's own with one step using it.
const { Given, setWorldConstructor } = require('@cucumber/cucumber');
const { IlmWorld } = require('ilm-sim/cucumber');

class TeamWorld extends IlmWorld {
  async bootstrap(index, policy) {
    await this.sendOk('PUT', `/${index}`, { settings: { 'index.lifecycle.name': policy } });
  }
}
setWorldConstructor(TeamWorld);

Given('the team bootstraps {string} under {string}', async function (index, policy) {
  await this.bootstrap(index, policy);
});
