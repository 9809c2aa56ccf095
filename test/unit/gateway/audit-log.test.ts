/**
 * The audit's lines as written (formatLogLine: fixed field order, pure ASCII, nothing cut but a
 * refused path), and its
 * stdout sink (gateway/request-log.ts): a `forward` line is handed to the stream before
 * `writeNow` returns (so before the call is forwarded), with every line queued before it and in
 * order; other lines of one turn of the event loop go out as one write; flush writes what is queued.
 */
import { Writable } from "node:stream";
import { formatLogLine, stdoutSink } from "../../../gateway";

/** A stream that records each write as it is handed over (synchronously, like stdout on Linux). */
function recorder(): { stream: Writable; writes: string[] } {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString());
      done();
    },
  });
  return { stream, writes };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("the audit's stdout sink", () => {
  it("hands a forward line, and the lines queued before it, to the stream before writeNow returns", () => {
    const { stream, writes } = recorder();
    const sink = stdoutSink(stream);
    sink.write('{"event":"outcome","callId":"a"}');
    sink.write('{"event":"refused"}');
    expect(writes).toEqual([]);
    sink.writeNow('{"event":"forward","callId":"b"}');
    expect(writes).toEqual([
      '{"event":"outcome","callId":"a"}\n{"event":"refused"}\n{"event":"forward","callId":"b"}\n',
    ]);
  });

  it("writes the other lines of one turn of the event loop as one chunk, in order, and nothing twice", async () => {
    const { stream, writes } = recorder();
    const sink = stdoutSink(stream);
    sink.write("1");
    sink.write("2");
    sink.write("3");
    await nextTurn();
    sink.write("4");
    sink.writeNow("5");
    await nextTurn();
    await nextTurn();
    expect(writes).toEqual(["1\n2\n3\n", "4\n5\n"]);
  });

  it("flush writes what is queued and resolves once the stream has it", async () => {
    const { stream, writes } = recorder();
    const sink = stdoutSink(stream);
    sink.write("last");
    await sink.flush();
    expect(writes.join("")).toBe("last\n");
  });
});

describe("an audit line as written", () => {
  it("is one line of JSON, the fields in a fixed order, whatever the order they were set in", () => {
    const text = formatLogLine({
      externalReference: 'INV "7"\n\u2028',
      path: "/api/bill/Invoices",
      method: "POST",
      user: "ingrid@contoso.example",
      oid: "o-1",
      callId: "c-1",
      event: "forward",
      time: "2026-11-26T19:00:00.000Z",
    });
    expect(text).toBe(
      '{"time":"2026-11-26T19:00:00.000Z","event":"forward","callId":"c-1","oid":"o-1","user":"ingrid@contoso.example","method":"POST","path":"/api/bill/Invoices","externalReference":"INV \\"7\\"\\n\\u2028"}'
    );
    expect(text).not.toContain("\n");
    expect(JSON.parse(text)).toMatchObject({ externalReference: 'INV "7"\n\u2028' });
  });

  it("flattens the id under the operation's name for it, cuts only a long refused path and writes the flags only when set", () => {
    const line = JSON.parse(
      formatLogLine({
        time: "t",
        event: "refused",
        method: "GET",
        path: "/x".repeat(200),
        ids: { invoiceId: "i".repeat(130) },
        status: 403,
        durationMs: 0.4,
        reason: "GATEWAY_ROLE_MISSING",
        tokenRenewed: false,
        callerGone: true,
      })
    ) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual([
      "time",
      "event",
      "method",
      "path",
      "invoiceId",
      "status",
      "durationMs",
      "reason",
      "callerGone",
    ]);
    expect(line.path).toBe(`${"/x".repeat(150)}...`);
    expect(line.invoiceId).toBe("i".repeat(130));
    expect(line.status).toBe(403);
    expect(line.durationMs).toBe(0.4);
    expect(line.callerGone).toBe(true);
  });

  it("is one line of pure ASCII whatever the values hold, and reads back as the same text", () => {
    const hostile = 'a\u0085b\u2028c\u2029d\ne\rf\u0000g\u007fh\u00e9i\ud83d\ude00j\ud800k"l\\m';
    const text = formatLogLine({
      time: "t",
      event: "forward",
      user: hostile,
      path: "/api/bill/Invoices",
      ids: { invoiceIds: [hostile, "x"] },
      externalReference: hostile,
      detail: hostile,
    });
    expect(text).toMatch(/^[\x20-\x7e]+$/);
    // Every separator a log reader may split lines on: none is in the line.
    for (const sep of ["\n", "\r", "\u0085", "\u2028", "\u2029", "\u000b", "\u000c"]) {
      expect(text.includes(sep)).toBe(false);
    }
    const line = JSON.parse(text) as Record<string, unknown>;
    expect(line.user).toBe(hostile);
    expect(line.externalReference).toBe(hostile);
    expect(line.invoiceIds).toEqual([hostile, "x"]);
    expect(line.detail).toBe(hostile);
  });

  it("writes a long reference whole, in its own field", () => {
    const reference = `R-${"é".repeat(5000)}`;
    const line = JSON.parse(
      formatLogLine({ time: "t", event: "forward", externalReference: reference })
    ) as Record<string, unknown>;
    expect(line.externalReference).toBe(reference);
  });
});
