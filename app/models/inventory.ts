import { z } from 'zod'

export const InventoriesSchema = z.object({
  data: z.array(
    z.object({
      sku: z.string(),
      inStock: z.boolean().optional(),
      availableStock: z.number().optional(),
      warehouses: z.array(z.object({ stock: z.number(), alwaysInStock: z.boolean().optional() })).optional(),
    }),
  ),
})

/** 1 in stock, 2 low stock, 3 out of stock (spec §3). */
export type StockStatus = 1 | 2 | 3
export const LOW_STOCK_LEVEL = 5

export type Inventory = { sku: string; stock: number; status: StockStatus }

/** Stock below 0 is shown as 0; always-in-stock warehouses count as in stock. */
export function mapInventory(entry: z.infer<typeof InventoriesSchema>['data'][number]): Inventory {
  const warehouses = entry.warehouses ?? []
  const always = warehouses.some((w) => w.alwaysInStock)
  const stock = warehouses.length
    ? warehouses.reduce((sum, w) => sum + Math.max(0, w.stock), 0)
    : Math.max(0, entry.availableStock ?? 0)
  const status: StockStatus = always || stock > LOW_STOCK_LEVEL ? 1 : stock > 0 ? 2 : 3
  return { sku: entry.sku, stock, status }
}
