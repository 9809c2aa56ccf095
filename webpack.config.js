/**
 * Build of the add-in: task pane + custom functions + commands in one shared runtime, plus the
 * development-only preview (a small in-browser workbook).
 *
 * One copy of the code: the shared runtime opens taskpane.html (the manifest's SharedRuntime page),
 * which loads the three entries as in Microsoft's Excel-Custom-Functions shared-runtime template. With
 * one webpack runtime chunk and the common modules split into shared chunks, each module is loaded
 * and run once, so the settings, the connection and ky exist once and module state is shared.
 *
 * Production URL: `ADDIN_URL=https://addin.example.com/ npm run build` or
 * `npm run build -- --env url=https://addin.example.com/`. office.js: Microsoft's CDN, except when
 * `OFFICE_JS=local` (tests and the offline preview), which serves @microsoft/office-js from /office-js/.
 */
const path = require("path");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const { LocalizedFunctionsPlugin } = require("./scripts/lib/localized-functions");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const { getDevHttpsOptions } = require("./scripts/dev-certs");
const { BundleBudgetPlugin } = require("./scripts/bundle-budget");
const { unifiedManifestJson } = require("./scripts/lib/unified-manifest");
const { DefinePlugin } = require("webpack");
const { itConnection } = require("./scripts/it-connection");
const { HelpPagePlugin } = require("./scripts/help-page");

const DEV_URL = "https://localhost:3000/";
const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
const OFFICE_JS_LOCAL = "/office-js/office.js";
const SIMULATOR_URL = process.env.SIMULATOR_URL || "http://localhost:3001";
/** The entries taskpane.html loads: everything the shared runtime runs. */
const SHARED_RUNTIME_ENTRIES = ["taskpane", "functions", "commands"];

function deploymentUrl(env, dev) {
  const url = env.url || process.env.ADDIN_URL;
  if (!url) {
    if (!dev) console.warn(`No ADDIN_URL given: the production manifest points at ${DEV_URL}`);
    return DEV_URL;
  }
  const parsed = new URL(url);
  if (parsed.protocol !== "https:")
    throw new Error(`ADDIN_URL must be https (Office requires it): ${url}`);
  return parsed.href.endsWith("/") ? parsed.href : `${parsed.href}/`;
}

/** manifest.xml for the deployment: addresses (…/taskpane.html) first, then the bare origin (AppDomain). */
function manifestFor(content, url, dev) {
  if (dev) return content;
  return content
    .toString()
    .split(DEV_URL)
    .join(url)
    .split(new URL(DEV_URL).origin)
    .join(new URL(url).origin);
}

module.exports = async (env = {}, options = {}) => {
  const dev = options.mode === "development";
  const url = deploymentUrl(env, dev);
  const officeJs =
    (env.officejs || process.env.OFFICE_JS) === "local" ? OFFICE_JS_LOCAL : OFFICE_JS_CDN;
  const withPreview = dev || Boolean(env.preview);

  const entry = {
    taskpane: "./src/taskpane/taskpane.ts",
    commands: "./src/commands/commands.ts",
    functions: "./src/functions/functions.ts",
    "signin-dialog": "./src/signin-dialog/signin-dialog.ts",
  };
  if (withPreview) entry.preview = "./preview/preview.ts";

  const plugins = [
    new CustomFunctionsMetadataPlugin({
      output: "functions.json",
      input: "./src/functions/functions.ts",
    }),
    new HtmlWebpackPlugin({
      filename: "taskpane.html",
      template: "./src/taskpane/taskpane.html",
      chunks: SHARED_RUNTIME_ENTRIES,
      templateParameters: { officeJs },
    }),
    new CopyWebpackPlugin({
      patterns: [
        { from: "assets/*", to: "assets/[name][ext][query]" },
        // Both manifests from manifest.xml (the one source): the XML with the add-in URL, and the
        // unified manifest (manifest.json) written from that same XML (scripts/lib/unified-manifest.js).
        {
          from: "manifest.xml",
          to: "manifest.xml",
          transform: (content) => manifestFor(content, url, dev),
        },
        {
          from: "manifest.xml",
          to: "manifest.json",
          transform: (content) => unifiedManifestJson(manifestFor(content, url, dev)),
        },
      ],
    }),
    // The sign-in page of the Office dialog: its own entry, beside taskpane.html.
    new HtmlWebpackPlugin({
      filename: "signin-dialog.html",
      template: "./src/signin-dialog/signin-dialog.html",
      chunks: ["signin-dialog"],
      templateParameters: { officeJs },
    }),
    // IT's connection settings from the build's environment (scripts/it-connection.js).
    new DefinePlugin({ __BILLING_IT_CONNECTION__: JSON.stringify(itConnection()) }),
    // The functions' help page (help/functions.html from docs/controllers/functions.md) and their helpUrls.
    new HelpPagePlugin({
      markdownFile: path.resolve(__dirname, "docs/controllers/functions.md"),
      url,
      devUrl: DEV_URL,
    }),
    // functions.json in Dutch: the manifest names it for nl-NL (Functions.Metadata.Url).
    new LocalizedFunctionsPlugin({
      output: "functions.nl-NL.json",
      translationsFile: path.resolve(__dirname, "src/i18n/functions.nl.json"),
    }),
    new BundleBudgetPlugin({
      enforce: !dev,
      sharedRuntime: { page: "taskpane.html", entries: SHARED_RUNTIME_ENTRIES },
    }),
  ];
  if (withPreview) {
    plugins.push(
      new HtmlWebpackPlugin({
        filename: "preview.html",
        template: "./preview/preview.html",
        chunks: ["preview"],
        templateParameters: { officeJs, simulatorUrl: SIMULATOR_URL },
      })
    );
  }

  return {
    devtool: "source-map",
    entry,
    output: { path: path.resolve(__dirname, "dist"), clean: true },
    resolve: { extensions: [".ts", ".js"] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          use: { loader: "ts-loader", options: { onlyCompileBundledFiles: true } },
        },
        {
          test: /\.(png|jpg|jpeg|gif|ico)$/,
          type: "asset/resource",
          generator: { filename: "assets/[name][ext][query]" },
        },
      ],
    },
    optimization: {
      // One runtime (one module registry) for every entry, and every module two entries use in a
      // shared chunk instead of in each entry's file: one copy of the code, one instance of each
      // module. minSize 0: below webpack's default 20 KB a module would be copied into each entry
      // (and, once concatenated, run once per copy). BundleBudgetPlugin fails a build that repeats one.
      runtimeChunk: "single",
      splitChunks: { chunks: "all", minSize: 0 },
    },
    performance: { hints: false },
    plugins,
    devServer: {
      headers: { "Access-Control-Allow-Origin": "*" },
      server: {
        type: "https",
        options: env.WEBPACK_BUILD ? undefined : await getDevHttpsOptions(),
      },
      port: Number(process.env.npm_package_config_dev_server_port || 3000),
      // `npm run start:company` binds this machine only (scripts/lib/company-chain.ts); unset, the
      // dev server's default.
      ...(process.env.BILLING_DEV_SERVER_HOST ? { host: process.env.BILLING_DEV_SERVER_HOST } : {}),
      static: [
        {
          directory: path.resolve(__dirname, "node_modules/@microsoft/office-js/dist"),
          publicPath: "/office-js",
        },
      ],
      client: { overlay: { warnings: false, errors: true } },
    },
  };
};
