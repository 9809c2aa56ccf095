/**
 * Test helper: POSTs JSON to a simulator and gives what the service answered, the live envelope's
 * `data` unwrapped (the interface dialect answers the bare DTO).
 */
import type { Simulator } from "../../../simulator";
import { configureConnection } from "../../../src/functions/connection";

export async function postData(sim: Simulator, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${sim.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json: any = await res.json();
  return json?.data !== undefined && "success" in json ? json.data : json;
}

/**
 * Points the functions at `sim`, the company's time zone set (a connection setting), so that
 * invoice days are those of `timeZone` whatever the machine's zone.
 */
export function connectFunctions(sim: Simulator, timeZone = "Europe/Amsterdam"): void {
  const settings = { baseUrl: sim.url, headers: {}, credential: { kind: "none" as const } };
  configureConnection({ loadSettings: async () => ({ ...settings, timeZone }) });
}
