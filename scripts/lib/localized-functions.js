/**
 * functions.json in another language: Excel shows a custom function's description
 * and its arguments' descriptions from the metadata the manifest names for Office's language
 * (`<bt:Url id="Functions.Metadata.Url">` with an `<bt:Override Locale="nl-NL">`, Microsoft's
 * "Custom functions naming and localization"). The English one is generated from the JSDoc of
 * src/functions/functions.ts; this writes a copy with the descriptions of `translations`
 * (src/i18n/functions.nl.json). Names and ids stay as they are: `=BILLING.TARIFF` in every language.
 * A function or argument without a translation, or a translation of one that does not exist, is an
 * error: the build fails rather than show English in a Dutch Excel.
 */

/** Every missing or unknown translation of `metadata`'s functions, as sentences. */
function translationProblems(metadata, translations) {
  const problems = [];
  const ids = new Set(metadata.functions.map((f) => f.id));
  for (const id of Object.keys(translations))
    if (!ids.has(id)) problems.push(`${id} is translated but is no function.`);
  for (const fn of metadata.functions) {
    const translated = translations[fn.id];
    if (!translated || !translated.description) {
      problems.push(`${fn.id} has no translated description.`);
      continue;
    }
    const names = new Set(fn.parameters.map((p) => p.name));
    for (const name of Object.keys(translated.parameters || {}))
      if (!names.has(name)) problems.push(`${fn.id}(${name}) is translated but is no argument.`);
    for (const p of fn.parameters)
      if (!(translated.parameters || {})[p.name])
        problems.push(`${fn.id}(${p.name}) has no translated description.`);
  }
  return problems;
}

/** The text of functions.json with the descriptions of `translations`; throws on any gap. */
function localizeFunctionsJson(text, translations) {
  const metadata = JSON.parse(text);
  const problems = translationProblems(metadata, translations);
  if (problems.length > 0) throw new Error(`Localized functions.json: ${problems.join(" ")}`);
  for (const fn of metadata.functions) {
    const translated = translations[fn.id];
    fn.description = translated.description;
    for (const p of fn.parameters) p.description = translated.parameters[p.name];
  }
  return JSON.stringify(metadata, null, 4);
}

/**
 * Emits `output` (functions.nl-NL.json) beside functions.json, after the help page's plugin has
 * written the deployment's address into it (a later stage), so both carry the same help links.
 */
class LocalizedFunctionsPlugin {
  constructor({ output, translationsFile }) {
    this.output = output;
    this.translationsFile = translationsFile;
  }

  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap("LocalizedFunctionsPlugin", (compilation) => {
      compilation.fileDependencies.add(this.translationsFile);
      compilation.hooks.processAssets.tap(
        { name: "LocalizedFunctionsPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONS },
        () => {
          const json = compilation.getAsset("functions.json");
          if (!json) return;
          try {
            const translations = JSON.parse(
              require("fs").readFileSync(this.translationsFile, "utf8")
            );
            const text = localizeFunctionsJson(json.source.source().toString(), translations);
            compilation.emitAsset(this.output, new sources.RawSource(text));
          } catch (e) {
            compilation.errors.push(new WebpackError(e.message));
          }
        }
      );
    });
  }
}

module.exports = { LocalizedFunctionsPlugin, localizeFunctionsJson, translationProblems };
