/**
 * Entity values (Excel's data types, `Excel.EntityCellValue`, ExcelApi 1.16) in the preview, as a
 * custom function returns them from CustomFunctionsRuntime 1.4 on (`=BILLING.CONTRACT(A2)`): the cell
 * shows the entity's text, a field reference (`=A2.FixedCosts`, `=A2.[Fixed costs]`) reads one of
 * its properties, and the active cell's card lists them by the entity's card layout.
 */
import type { ScalarValue } from "./fake-excel/cell-values";

/** A property value of an entity (the JSON shapes Excel's data types use; others pass through). */
export interface EntityProperty {
  type: string;
  basicValue?: unknown;
  numberFormat?: string;
  elements?: EntityProperty[][];
  text?: string;
}

/** An entity value as a function returns it. */
export interface EntityValue {
  type: "Entity";
  text: string;
  properties: Record<string, EntityProperty>;
  layouts?: {
    card?: {
      title?: { property: string } | string;
      sections?: { layout: string; title?: string; properties: string[]; collapsed?: boolean }[];
    };
  };
}

/** True for an entity value. */
export function isEntity(v: unknown): v is EntityValue {
  const o = v as { type?: unknown; text?: unknown; properties?: unknown } | null;
  return (
    typeof o === "object" &&
    o !== null &&
    o.type === "Entity" &&
    typeof o.text === "string" &&
    typeof o.properties === "object" &&
    o.properties !== null
  );
}

/** One cell of a field's result: its value and the format a number carries. */
export interface FieldCell {
  value: ScalarValue;
  valueFormat?: string;
  message?: string;
}

/** A property as cells: one cell, or the rows of an array (which spills). */
export type FieldResult = FieldCell | { matrix: FieldCell[][] };

function cellOf(p: EntityProperty | undefined): FieldCell {
  if (p === undefined) return { value: "" };
  if (p.type === "Error") return { value: String(p.basicValue ?? "#VALUE!") };
  if (p.type === "Entity") return { value: String(p.text ?? "") };
  const v = p.basicValue;
  if (typeof v === "number") {
    return p.numberFormat ? { value: v, valueFormat: p.numberFormat } : { value: v };
  }
  if (typeof v === "string" || typeof v === "boolean") return { value: v };
  return { value: "#VALUE!", message: `The field holds a ${p.type} value.` };
}

/**
 * The field `name` of `entity` as Excel reads `=A2.Name`: its value, an array's rows, or `#FIELD!`
 * when the entity has no such field (names match in any case, as Excel's do).
 */
export function readField(entity: EntityValue, name: string): FieldResult {
  const key = Object.keys(entity.properties).find((k) => k.toLowerCase() === name.toLowerCase());
  if (key === undefined) {
    return { value: "#FIELD!", message: `The data type "${entity.text}" has no field ${name}.` };
  }
  const p = entity.properties[key];
  if (p.type === "Array" && Array.isArray(p.elements) && p.elements.length > 0) {
    return { matrix: p.elements.map((row) => row.map(cellOf)) };
  }
  return cellOf(p);
}

/** `=A2.Field` or `=A2.[Field name]`: the cell's address and the field, when a formula is one. */
export function parseFieldReference(
  formula: string
): { address: string; field: string } | undefined {
  const m = /^=\s*(\$?[A-Za-z]{1,3}\$?\d+)\.(?:([A-Za-z_][\w]*)|\[([^\]]+)\])\s*$/.exec(formula);
  if (!m) return undefined;
  return { address: m[1].replace(/\$/g, "").toUpperCase(), field: m[2] ?? m[3] };
}

/** The text of a property on the card (numbers as their cells show them, arrays as lines). */
function cardText(p: EntityProperty | undefined, show: (cell: FieldCell) => string): string {
  if (p?.type === "Array" && Array.isArray(p.elements)) {
    return p.elements.map((row) => row.map((c) => show(cellOf(c))).join("  ")).join("\n");
  }
  return show(cellOf(p));
}

/**
 * The card of an entity as Excel draws it: the title, then each section of its card layout (every
 * property when it has none), one line per field with its name and value; `show` formats a cell
 * as the grid does (number formats).
 */
export function renderCard(
  entity: EntityValue,
  show: (cell: FieldCell) => string,
  doc: Document = document
): HTMLElement {
  const card = doc.createElement("div");
  card.className = "entity-card";
  card.dataset.testid = "entity-card";
  card.setAttribute("role", "dialog");
  card.setAttribute("aria-label", `Card: ${entity.text}`);
  const layout = entity.layouts?.card;
  const titleProperty = typeof layout?.title === "object" ? layout.title.property : undefined;
  const title = doc.createElement("b");
  title.textContent =
    titleProperty !== undefined ? cardText(entity.properties[titleProperty], show) : entity.text;
  card.appendChild(title);
  const sections = layout?.sections ?? [
    { layout: "List", properties: Object.keys(entity.properties) },
  ];
  for (const section of sections) {
    if (section.title) {
      const heading = doc.createElement("div");
      heading.className = "entity-section";
      heading.textContent = section.title;
      card.appendChild(heading);
    }
    for (const name of section.properties) {
      const row = doc.createElement("div");
      row.className = "entity-field";
      row.dataset.field = name;
      const label = doc.createElement("span");
      label.className = "entity-name";
      label.textContent = name;
      const value = doc.createElement("span");
      value.className = "entity-value";
      value.textContent = cardText(entity.properties[name], show);
      row.append(label, value);
      card.appendChild(row);
    }
  }
  return card;
}
