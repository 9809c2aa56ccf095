/**
 * The audit's stdout sink (gateway/request-log.ts): a `forward` line is handed to the stream before
 * `writeNow` returns (so before the call is forwarded), with every line queued before it and in
 * order; other lines of one turn of the event loop go out as one write; flush writes what is queued.
 */
import { Writable } from "node:stream";
import { stdoutSink } from "../../../gateway";

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
