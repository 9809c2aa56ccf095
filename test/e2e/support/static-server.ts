/**
 * A tiny static server over plain HTTP for the built add-in, plus office.js from
 * node_modules/@microsoft/office-js/dist at /office-js/ (what the dev server does).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { ROOT } from "./build";

/** A running static server. */
export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** Serves `dir` on 127.0.0.1 at an ephemeral port. */
export async function startStaticServer(dir: string): Promise<StaticServer> {
  const app = express();
  app.use("/office-js", express.static(path.join(ROOT, "node_modules/@microsoft/office-js/dist")));
  app.use(express.static(dir));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
