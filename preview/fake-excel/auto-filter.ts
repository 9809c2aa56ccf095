/**
 * `table.autoFilter` (ExcelApi 1.9): filtering a table's rows by the values of a column, the kind of
 * filter a person sets from a header's filter button. Values filters only; other criteria fail
 * loudly as NotImplemented rather than filtering nothing.
 */
import { ClientObject } from "./client-object";
import type { Getters } from "./client-object";
import { notImplemented } from "./errors";
import type { FakeRequestContext } from "./request-context";
import type { FakeRange } from "./range";
import type { TableModel } from "./workbook-model";
import { ModelError } from "./workbook-model";

/** `Excel.FilterCriteria`, the part the preview knows. */
export interface FilterCriteria {
  filterOn: string;
  values?: (string | { date: string })[];
}

/** The AutoFilter of a table; target = the table's id. */
export class FakeAutoFilter extends ClientObject<string> {
  protected readonly typeName = "AutoFilter";
  constructor(context: FakeRequestContext, live: () => string | null) {
    super(context, { live });
  }
  private table(id: string): TableModel {
    const table = this.context.model.tables.find((t) => t.id === id);
    if (!table) throw new ModelError("ItemNotFound", "The table was deleted.");
    return table;
  }
  protected getters(): Getters<string> {
    return {
      enabled: () => true,
      isDataFiltered: (id) => this.table(id).filters !== undefined,
      criteria: (id) => {
        const table = this.table(id);
        return Array.from({ length: table.rect.colCount }, (_, c) => {
          const values = table.filters?.[c];
          return values ? { filterOn: "Values", values: [...values] } : { filterOn: "Custom" };
        });
      },
    };
  }
  get enabled(): boolean {
    return this.read("enabled");
  }
  get isDataFiltered(): boolean {
    return this.read("isDataFiltered");
  }
  get criteria(): FilterCriteria[] {
    return this.read("criteria");
  }
  /**
   * Filters column `columnIndex` (0-based within the table) by `criteria`; `range` must be the
   * table's own (or left out), as Excel requires for a table's AutoFilter.
   */
  apply(range?: FakeRange | string, columnIndex?: number, criteria?: FilterCriteria): void {
    void range;
    this.call((id) => {
      if (columnIndex === undefined || !criteria) return;
      if (criteria.filterOn !== "Values")
        throw notImplemented(`AutoFilter on ${criteria.filterOn}`);
      const values = (criteria.values ?? []).map((v) => (typeof v === "string" ? v : v.date));
      this.context.model.setTableFilter(this.table(id), columnIndex, values);
    });
  }
  /** Clears the filter of one column. */
  clearColumnCriteria(columnIndex: number): void {
    this.call((id) => this.context.model.setTableFilter(this.table(id), columnIndex, undefined));
  }
  /** Shows every row again. */
  clearCriteria(): void {
    this.call((id) => this.context.model.clearTableFilters(this.table(id)));
  }
}
