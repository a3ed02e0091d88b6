/**
 * The counter's receipt after a sale. For now the sale's own printable view (A4/A5 print) in the print
 * popup; the receipt printers (80 mm / 58 mm) replace this one function.
 */
export function printReceipt(saleId: number | string): void {
  window.open(`/sale/sale/${saleId}/view`, "receipt", "width=800,height=900");
}
