/**
 * The shape of a release's built-in stack templates (see `catalogue.ts`): plain types, shared by the
 * catalogue and the per-release data modules so that neither imports the other back.
 */

/** One built-in: its name and the body as the registry loads it (the version variable filled in). */
export interface BuiltIn {
  readonly name: string;
  readonly body: Readonly<Record<string, unknown>>;
}

/** What one release's registries install, and how the `stack.templates.enabled` setting behaves. */
export interface StackCatalogue {
  /** Component templates, in the order the registry lists them. */
  readonly componentTemplates: readonly BuiltIn[];
  /** Composable index templates. */
  readonly indexTemplates: readonly BuiltIn[];
  /**
   * ILM policies: `body` is the policy object (`phases`, `_meta` when the release has policy `_meta`),
   * `deprecated` the flag the 8.12+ registries set (true for the legacy registry's).
   */
  readonly policies: ReadonlyArray<BuiltIn & { readonly deprecated?: boolean }>;
  /**
   * Whether `stack.templates.enabled` is a dynamic cluster setting (7.11+, elastic/elasticsearch#63764);
   * 7.9/7.10 read it from the node settings only.
   */
  readonly enabledSettingDynamic: boolean;
}
