/**
 * The proxy base of every fake Excel object, with Excel's rules: properties are read only after
 * `load()` and `context.sync()` (else PropertyNotLoaded), writes are queued until the next sync, and
 * `*OrNullObject` results say `isNullObject` only after a sync.
 */
import type { FakeRequestContext } from "./request-context";
import { FakeExcelError, propertyNotLoaded } from "./errors";
import { cellsOf } from "../hosts/host-rules";

/**
 * Under a host profile that lacks some members (preview/hosts), every use of a member goes past the
 * context, which makes the sync that carries a missing one fail with ApiNotFound, as Excel does.
 */
function watchMembers<O extends object>(object: O, context: FakeRequestContext): O {
  const typeOf = (target: O) => (target as unknown as { typeName: string }).typeName;
  return new Proxy(object, {
    get(target, prop, receiver) {
      if (typeof prop === "string") context.useMember(typeOf(target), prop);
      return Reflect.get(target, prop, receiver) as unknown;
    },
    set(target, prop, value, receiver) {
      if (typeof prop === "string") context.useMember(typeOf(target), prop);
      return Reflect.set(target, prop, value, receiver);
    },
  });
}

/** How a proxy finds its model object. */
export type Source<T> =
  /** Resolved once, in queue order, by the sync that follows its creation (method results). */
  | { frozen: () => T | null }
  /** Derived from its parent at every use (navigation properties such as `range.format`). */
  | { live: () => T | null }
  /** Already known (collection items created while loading). */
  | { fixed: T };

/** What `load()` accepts: "a,b/c", ["a", "b/c"], or { select: "a,b" }. */
export type LoadSpec = string | string[] | { select?: string | string[] } | undefined;

/** Splits a load spec into property paths ("format/fill/color" → ["format","fill","color"]). */
export function loadPaths(spec: LoadSpec): string[][] {
  let list: string[];
  if (spec === undefined) list = [];
  else if (typeof spec === "string") list = spec.split(",");
  else if (Array.isArray(spec)) list = spec.flatMap((s) => s.split(","));
  else if (spec.select === undefined) list = [];
  else list = typeof spec.select === "string" ? spec.select.split(",") : spec.select;
  return list
    .map((p) => p.trim())
    .filter((p) => p !== "")
    .map((p) => p.split("/").map((s) => s.trim()));
}

/** Scalar property readers of a proxy type, keyed by the API's property name. */
export type Getters<T> = Record<string, (target: T) => unknown>;

/** The base proxy. */
export abstract class ClientObject<T> {
  private resolved = false;
  private current: T | null = null;
  private readonly loaded = new Map<string, unknown>();

  protected constructor(
    readonly context: FakeRequestContext,
    private readonly source: Source<T>
  ) {
    if ("frozen" in source) {
      context.enqueue(() => {
        this.current = source.frozen();
        this.resolved = true;
      });
    } else if ("fixed" in source) {
      this.current = source.fixed;
      this.resolved = true;
    }

    if (context.host.missing.size > 0) return watchMembers(this, context);
  }

  /** The API type name, for error locations ("Range", "Worksheet"). */
  protected abstract readonly typeName: string;

  /** Scalar properties that `load()` can fetch. */
  protected abstract getters(): Getters<T>;

  /** The cells a load of the property reads (grid properties of a range); 0 for others. */
  protected cellsToRead(name: string, target: T): number {
    void name;
    void target;
    return 0;
  }

  /** Navigation properties that a load path may go through ("format" of a range). */
  protected navigation(name: string): ClientObject<unknown> | undefined {
    void name;
    return undefined;
  }

  /** The model object, inside a queued action; null for a null object. */
  protected target(): T | null {
    if ("live" in this.source) return this.source.live();
    if (!this.resolved) {
      throw new FakeExcelError(
        "InvalidRequestContext",
        `${this.typeName} used before its batch was synced.`
      );
    }
    return this.current;
  }

  /** The model object in an action that needs one; a null object's actions do nothing. */
  protected require(): T | null {
    return this.target();
  }

  /** True when the object does not exist; readable only after a sync, like Excel. */
  get isNullObject(): boolean {
    if ("live" in this.source) return this.source.live() === null;
    if (!this.resolved) throw propertyNotLoaded(this.typeName, "isNullObject");
    return this.current === null;
  }

  /** Queues loading of the given properties (all scalar ones without a spec). */
  load(spec?: LoadSpec): this {
    const paths = loadPaths(spec);
    this.context.enqueue(() => this.loadNow(paths));
    return this;
  }

  /** Loads now, inside a sync: scalars are read from the model, nested paths go to navigations. */
  loadNow(paths: string[][]): void {
    const target = this.target();
    if (target === null) return;
    const getters = this.getters();
    const list = paths.length === 0 ? Object.keys(getters).map((k) => [k]) : paths;
    for (const [head, ...rest] of list) {
      if (head === "isNullObject" || head === "$all" || head === "*") continue;
      // `load()` without names loads what the host has; a name the host lacks fails the sync.
      if (paths.length === 0 && !this.context.hasMember(this.typeName, head)) continue;
      this.context.useMember(this.typeName, head);
      if (rest.length === 0 && getters[head]) {
        // The cells are counted (and Excel on the web's limit checked) before they are read.
        this.context.countCells(this.cellsToRead(head, target));
        const value = getters[head](target);
        this.context.countRead(value);
        this.loaded.set(head, value);
        continue;
      }
      const nav = this.navigation(head);
      if (!nav) {
        throw new FakeExcelError(
          "InvalidArgument",
          `The property '${head}' does not exist on ${this.typeName}.`
        );
      }
      nav.loadNow(rest.length === 0 ? [] : [rest]);
    }
  }

  /** A loaded property's value; throws PropertyNotLoaded when not loaded and synced. */
  protected read<V>(name: string): V {
    if (this.resolved && this.current === null) return undefined as V;
    if (!this.loaded.has(name)) throw propertyNotLoaded(this.typeName, name);
    return this.loaded.get(name) as V;
  }

  /** Remembers a loaded value (collections set `items` this way). */
  protected remember(name: string, value: unknown): void {
    this.loaded.set(name, value);
  }

  /** Queues a property write; the proxy reads back what was written, as Excel's proxies do. */
  protected write<V>(name: string, value: V, apply: (target: T, value: V) => void): void {
    this.loaded.set(name, value);
    this.context.countWrite(cellsOf(value), value);
    this.context.enqueue(() => {
      const target = this.require();
      if (target !== null) apply(target, value);
    });
  }

  /** Queues a method call without a result. */
  protected call(apply: (target: T) => void): void {
    this.context.enqueue(() => {
      const target = this.require();
      if (target !== null) apply(target);
    });
  }

  /** Sets several properties at once (`range.set({ values, numberFormat })`). */
  set(properties: Record<string, unknown>): void {
    for (const [name, value] of Object.entries(properties)) {
      (this as unknown as Record<string, unknown>)[name] = value;
    }
  }

  /** The loaded properties, as Excel's `toJSON()`. */
  toJSON(): Record<string, unknown> {
    return Object.fromEntries(this.loaded);
  }
}

/** A value computed at sync, as Excel's `ClientResult` (`getCount()`). */
export class ClientResult<V> {
  private done = false;
  private result: V | undefined;

  constructor(context: FakeRequestContext, compute: () => V) {
    context.enqueue(() => {
      this.result = compute();
      this.done = true;
    });
  }

  /** The result; readable only after the sync. */
  get value(): V {
    if (!this.done) throw propertyNotLoaded("ClientResult", "value");
    return this.result as V;
  }
}

/** A collection proxy: `items` after `load("items/...")`. */
export abstract class ClientCollection<
  T,
  Item extends { loadNow(paths: string[][]): void },
> extends ClientObject<T> {
  /** The model items of the collection's target. */
  protected abstract itemsOf(target: T): unknown[];

  /** A proxy for one model item. */
  protected abstract itemProxy(item: unknown): Item;

  protected getters(): Getters<T> {
    return { count: (t) => this.itemsOf(t).length };
  }

  override loadNow(paths: string[][]): void {
    const target = this.target();
    if (target === null) return;
    const own = paths.filter((p) => p[0] !== "items");
    const itemPaths = paths
      .filter((p) => p[0] === "items")
      .map((p) => p.slice(1))
      .filter((p) => p.length > 0);
    if (own.length > 0) super.loadNow(own);
    if (paths.length === 0 || own.length < paths.length) {
      const items = this.itemsOf(target).map((m) => this.itemProxy(m));
      for (const item of items) item.loadNow(itemPaths);
      this.remember("items", items);
    }
  }

  /** The loaded items. */
  get items(): Item[] {
    return this.read<Item[]>("items");
  }

  /** The number of items, at the next sync. */
  getCount(): ClientResult<number> {
    return new ClientResult(this.context, () => {
      const target = this.target();
      return target === null ? 0 : this.itemsOf(target).length;
    });
  }
}
