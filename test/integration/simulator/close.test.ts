import http from "node:http";
import { startSimulator } from "./helpers";

describe("close", () => {
  it("closes with a keep-alive connection open and refuses connections afterwards", async () => {
    const sim = await startSimulator();
    const agent = new http.Agent({ keepAlive: true });
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(`${sim.url}/api/cfg/TaxCodes`, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        })
        .on("error", reject);
    });
    expect(status).toBe(200);
    await sim.close();
    agent.destroy();
    await expect(fetch(`${sim.url}/api/cfg/TaxCodes`)).rejects.toThrow();
  });

  it("reports an url without a trailing slash and the port it listens on", async () => {
    const sim = await startSimulator();
    try {
      expect(sim.url).toBe(`http://127.0.0.1:${sim.port}`);
      expect(sim.port).toBeGreaterThan(0);
    } finally {
      await sim.close();
    }
  });
});
