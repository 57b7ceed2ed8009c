// The demo catalogue's templates, kept as data in templates.json: one per gender and subcategory,
// with its styles, sizes, palette, price range, brands and texts; catalog.ts builds the products
// from them. A size run, palette or brand list given by name stands for the list of that name
// (size runs and brands in materials.ts, palettes in the file). The file is checked as it is read,
// so a misspelt name fails at once rather than giving a product no colour.
import { z } from "zod";
import { genders, subcategories } from "~/modules/catalog/values";
import { brands, type ColourName, demoColours, type FabricName, fabrics, sizeRuns } from "./materials";
import data from "./templates.json" with { type: "json" };

function nameIn<Name extends string>(table: Record<Name, unknown>) {
  return z.custom<Name>((value) => typeof value === "string" && Object.hasOwn(table, value), {
    error: (issue) => `unknown name ${JSON.stringify(issue.input)}`,
  });
}

/** A list written out, or the name of one of `lists`. */
function listOrName<Item extends z.ZodType>(item: Item, lists: Record<string, readonly z.output<Item>[]>) {
  return z.union([z.array(item), nameIn(lists).transform((name) => lists[name] ?? z.NEVER)]);
}

const colourName = nameIn<ColourName>(demoColours);
const palette = z.array(colourName);
const palettes = z.record(z.string(), palette).parse(data.palettes);

const style = z.strictObject({
  /** Product name; {line} becomes the name of the model line. */
  name: z.string().includes("{line}"),
  fabric: nameIn<FabricName>(fabrics),
  tags: z.array(z.string()),
  sizes: listOrName(z.string(), sizeRuns).optional(),
  /** Made in one print or colourway: its only colour is 'Unico'. */
  singleColour: z.boolean().optional(),
  /** Sold in packs: the minimum quantity and the pack text shown next to the price. */
  pack: z.int().min(2).optional(),
});

const template = z.strictObject({
  gender: z.enum(genders),
  subcategory: z.enum(subcategories),
  count: z.int().positive(),
  styles: z.array(style).min(1),
  sizes: listOrName(z.string(), sizeRuns),
  palette: listOrName(colourName, palettes),
  /** Price range in euro cents. */
  price: z.tuple([z.int(), z.int()]),
  brands: listOrName(z.string(), brands),
  intros: z.array(z.string()).min(1),
  details: z.string(),
});

export type Template = z.output<typeof template>;
export type Style = Template["styles"][number];

export const templates: Template[] = z.array(template).parse(data.templates);
