import type { Builder, OpsContext } from "./operation";
import { sharedChoices } from "./operation";
import { backdatedOps } from "./backdated";
import { cashDocOps } from "./cashbox-documents";
import { cashTransferOps } from "./cashbox-transfers";
import { stockTransferOps } from "./inventory-transfers";
import { moneyConversionOps } from "./money-conversions";
import { moneyDocOps } from "./money-documents";
import { openingBalanceOps } from "./opening-balances";
import { purchaseReturnOps } from "./purchase-returns";
import { purchaseOps } from "./purchases";
import { saleReturnOps } from "./sale-returns";
import { saleOps } from "./sales";

/** Every kind of operation of the random books test, by name (the test weighs them), one module per document kind. */
export function operations(ctx: OpsContext): Record<string, Builder> {
  const choices = sharedChoices(ctx);
  return {
    ...saleOps(ctx, choices),
    ...saleReturnOps(ctx, choices),
    ...purchaseOps(ctx, choices),
    ...purchaseReturnOps(ctx, choices),
    ...moneyDocOps(ctx, choices),
    ...cashDocOps(ctx, choices),
    ...cashTransferOps(ctx, choices),
    ...moneyConversionOps(ctx, choices),
    ...stockTransferOps(ctx, choices),
    ...backdatedOps(ctx, choices),
    ...openingBalanceOps(ctx, choices),
  };
}

export type { Operation } from "./operation";
