/**
 * Test helper: POSTs JSON to a simulator and gives what the service answered, the live envelope's
 * `data` unwrapped (the interface dialect answers the bare DTO).
 */
import type { Simulator } from "../../../simulator";

export async function postData(sim: Simulator, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${sim.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json: any = await res.json();
  return json?.data !== undefined && "success" in json ? json.data : json;
}
