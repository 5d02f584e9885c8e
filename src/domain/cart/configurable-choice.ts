/**
 * Configurable products in a cart line: a line holds the child (variant) sku; the parent's
 * `configurable_options` name the axes, and `configurable_item_options` [{option_id, option_value}]
 * are the attribute id and value index chosen on each axis.
 */
import { recordsOf, textOf, type Doc } from './doc-fields';

export interface ConfigurableItemOption {
  option_id: string;
  option_value: string;
}

interface Axis {
  attributeId: string;
  code: string;
  label: string;
  values: { value: string; label: string }[];
}

function axes(parent: Doc): Axis[] {
  return recordsOf(parent.configurable_options).map((o) => ({
    attributeId: textOf(o.attribute_id),
    code: textOf(o.attribute_code),
    label: textOf(o.label, textOf(o.attribute_code)),
    values: recordsOf(o.values).map((v) => ({ value: textOf(v.value_index), label: textOf(v.label, textOf(v.value_index)) })),
  }));
}

export function childrenOf(parent: Doc): Doc[] {
  return recordsOf(parent.configurable_children);
}

/** A child's value for an attribute: a field named by the code, or an entry in custom_attributes. */
function childValue(child: Doc, code: string): string | undefined {
  const direct = textOf(child[code]);
  if (direct !== '') return direct;
  const entry = recordsOf(child.custom_attributes).find((c) => c.attribute_code === code);
  const value = textOf(entry?.value);
  return value === '' ? undefined : value;
}

/** The child whose attribute values match every chosen option; undefined when none does. */
export function findChildByOptions(parent: Doc, chosen: readonly { option_id?: unknown; option_value?: unknown }[]): Doc | undefined {
  const all = axes(parent);
  if (chosen.length === 0 || all.length === 0) return undefined;
  const wanted = chosen.map((c) => ({ axis: all.find((a) => a.attributeId === textOf(c.option_id)), value: textOf(c.option_value) }));
  if (wanted.some((w) => !w.axis)) return undefined;
  return childrenOf(parent).find((child) => wanted.every((w) => childValue(child, w.axis!.code) === w.value));
}

export function findChildBySku(parent: Doc, sku: string): Doc | undefined {
  return childrenOf(parent).find((c) => c.sku === sku);
}

/** The canonical options of a child (one per axis), so a line's identity never depends on how it was addressed. */
export function optionsOfChild(parent: Doc, child: Doc): ConfigurableItemOption[] {
  return axes(parent).flatMap((axis) => {
    const value = childValue(child, axis.code);
    return value === undefined ? [] : [{ option_id: axis.attributeId, option_value: value }];
  });
}

/** Labels for display: [{label: 'Bolt diameter', value: 'M10'}]. */
export function labelsOfChild(parent: Doc, child: Doc): { label: string; value: string }[] {
  return axes(parent).flatMap((axis) => {
    const value = childValue(child, axis.code);
    if (value === undefined) return [];
    return [{ label: axis.label, value: axis.values.find((v) => v.value === value)?.label ?? value }];
  });
}
