// @vitest-environment jsdom
import { useState } from "react";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInLanguage } from "../../testing/render";
import { PaymentFields, type PaymentType } from "./payment-fields";

afterEach(cleanup);

/** The sale form's use of the fields: its state kept here, the net given. */
function SalePayment({ net, follows = true }: { net: string; follows?: boolean }) {
  const [type, setType] = useState<PaymentType>("cash");
  const [paid, setPaid] = useState("");
  const [cashbox, setCashbox] = useState<number | null>(null);
  return (
    <PaymentFields
      branchId={1}
      currencyId={1}
      net={net}
      paymentType={type}
      onPaymentTypeChange={setType}
      cashbox={cashbox}
      onCashboxChange={setCashbox}
      paidAmount={paid}
      onPaidAmountChange={setPaid}
      typeFollowsPaid={follows}
    />
  );
}

const checked = (name: string) => screen.getByRole("radio", { name }).getAttribute("aria-checked");
const paidField = () => screen.getByRole<HTMLInputElement>("textbox");
const typePaid = (text: string) => fireEvent.change(paidField(), { target: { value: text } });

describe("PaymentFields: the payment type follows what is paid", () => {
  it("turns Debit as a part payment is typed and Cash again once it covers the net", async () => {
    await renderInLanguage("en", <SalePayment net="10000.00" />);
    expect(paidField().value.replace(/\D/g, "")).toBe("1000000");
    expect(checked("Cash")).toBe("true");
    typePaid("4000");
    expect(checked("Debit")).toBe("true");
    expect(checked("Cash")).toBe("false");
    typePaid("10000");
    expect(checked("Cash")).toBe("true");
    typePaid("0");
    expect(checked("Debit")).toBe("true");
  }, 30_000);

  it("stays as the user sets it", async () => {
    await renderInLanguage("en", <SalePayment net="10000.00" />);
    fireEvent.click(screen.getByRole("radio", { name: "Cash" }));
    typePaid("4000");
    expect(checked("Cash")).toBe("true");
  }, 30_000);

  it("does not follow where the form does not ask for it (the purchase form)", async () => {
    await renderInLanguage("en", <SalePayment net="10000.00" follows={false} />);
    typePaid("4000");
    expect(checked("Cash")).toBe("true");
  }, 30_000);
});
