import { CSV_BOM, csvEuro, csvLine } from "~/modules/orders/orders-csv";
import { importColumnNames, importColumns } from "./import-row";

// The products sheet as a file, in the columns the import reads (import-row.ts), so a file exported,
// edited in Excel and imported again changes only what was edited. Cells are written as the orders'
// CSV writes them: ';', UTF-8 with its byte order mark, formulas made harmless.

export type ProductSheetRow = {
  product: {
    sku: string;
    name: string;
    gender: string;
    subcategory: string;
    brand: string;
    description: string;
    priceCents: number | null;
    originalPriceCents: number | null;
  };
  variant: { sku: string; colorName: string; colorCode: string; size: string; stock: number };
};

/** The header line, byte order mark included. */
export function productsCsvHeader(): string {
  return `${CSV_BOM}${csvLine(importColumnNames)}`;
}

export function productsCsvRows(rows: ProductSheetRow[]): string {
  return rows
    .map(({ product, variant }) =>
      csvLine([
        product.sku,
        product.name,
        product.gender,
        product.subcategory,
        product.brand,
        product.description,
        product.priceCents === null ? "" : csvEuro(product.priceCents),
        product.originalPriceCents === null ? "" : csvEuro(product.originalPriceCents),
        variant.sku,
        variant.colorName,
        variant.colorCode,
        variant.size,
        String(variant.stock),
      ]),
    )
    .join("");
}

/** The template staff download: the header and one example row. */
export function productsCsvTemplate(): string {
  return `${productsCsvHeader()}${csvLine(importColumns.map((column) => column.example))}`;
}
