/**
 * Steps that load the user's own material from files (paths relative to the working directory): a
 * lifecycle policy, an index template or a component template, each written as its `PUT` body or as
 * the `GET` answer it was exported from. The file is read and unwrapped by src/files/user-files.ts; the step
 * sends one `PUT` and must succeed.
 */
import { stepGroup } from '../src/cucumber/step-catalogue';
import { type BodyFromFile, policyBody, templateBody } from '../src/index';
import type { IlmWorld } from '../src/cucumber/world';

const { Given } = stepGroup('your files');

/** Where a refused body came from, for the failure message. */
function source(file: string, loaded: BodyFromFile, part: string): string {
  return loaded.form === 'put-body' ? ` with the body in ${file}` : ` with the ${part} exported in ${file}, sent as ${loaded.body}`;
}

Given(
  'the lifecycle policy {string} from the file {string}',
  {
    says: 'Loads a policy file (the `PUT` body or a `GET _ilm/policy` export; path relative to where Cucumber runs) and puts it; a missing file, bad JSON or a refusal fails with the reason.',
    example: 'the lifecycle policy "logs" from the file "policies/logs.json"',
  },
  async function (this: IlmWorld, name: string, file: string) {
    const loaded = policyBody(name, file);
    await this.sendAccepted('PUT', `/_ilm/policy/${encodeURIComponent(name)}`, loaded.body, 'policy', source(file, loaded, `policy of "${name}"`));
  },
);

Given(
  'the index template {string} from the file {string}',
  {
    says: 'Loads a composable index template file (the `PUT` body or a `GET _index_template` export) and puts it.',
    example: 'the index template "logs" from the file "templates/logs.json"',
  },
  async function (this: IlmWorld, name: string, file: string) {
    const loaded = templateBody('index', name, file);
    await this.sendAccepted('PUT', `/_index_template/${encodeURIComponent(name)}`, loaded.body, 'index template', source(file, loaded, 'index template'));
  },
);

Given(
  'the component template {string} from the file {string}',
  {
    says: 'Loads a component template file (the `PUT` body or a `GET _component_template` export) and puts it (7.8+).',
    example: 'the component template "logs-settings" from the file "templates/logs-settings.json"',
  },
  async function (this: IlmWorld, name: string, file: string) {
    const loaded = templateBody('component', name, file);
    const path = `/_component_template/${encodeURIComponent(name)}`;
    const response = await this.send('PUT', path, loaded.body);
    const error = (response.body as { error?: unknown } | null)?.error;
    if (typeof error === 'string' && error.startsWith('no handler found')) {
      // Component templates came in 7.8: the 6.6 profile's router has no such endpoint, as ES 6.6 had none.
      throw new Error(
        `Elasticsearch ${this.simulatorOptions.profile ?? '7.10'} has no component templates (PUT ${path} answered "no handler found"), so "${file}" cannot be loaded; they came in 7.8`,
      );
    }
    this.expectAccepted({ method: 'PUT', path, body: loaded.body }, response, 'component template', source(file, loaded, 'component template'));
  },
);
