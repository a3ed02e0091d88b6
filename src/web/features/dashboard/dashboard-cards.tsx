import type { ReactNode } from "react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { Link } from "react-router";
import { LuArrowRight } from "react-icons/lu";
import { baseCurrencyAtom } from "../../lib/app-state";
import { changePercent, money, type CurrencyAmount, type DashboardAnswer } from "./dashboard-data";

/** A figure card: its title links to the list or report behind it. */
function FigureCard({ title, to, children }: { title: string; to: string; children: ReactNode }) {
  return (
    <div className="dash-card">
      <Link to={to} className="dash-card-title">
        <h2>{title}</h2>
        <LuArrowRight aria-hidden />
      </Link>
      {children}
    </div>
  );
}

/** A big amount with its currency, digits left to right in either direction. */
function Figure({ value, currency }: { value: string; currency?: string }) {
  return (
    <p className="dash-figure" dir="ltr">
      {money(value)}
      {currency ? <small>{currency}</small> : null}
    </p>
  );
}

/** Amounts per currency, one line each, the amount at the end. */
function PerCurrency({ rows, empty }: { rows: readonly CurrencyAmount[]; empty: string }) {
  if (rows.length === 0) return <p className="dash-muted">{empty}</p>;
  return (
    <div className="dash-rows">
      {rows.map((r) => (
        <div key={r.currency} className="dash-row">
          {/* dir="auto", as the cashboxes' names: a row's label is cut at its own end in either direction */}
          <span dir="auto">
            {r.currency_code}
            {r.count !== undefined ? ` · ${r.count}` : ""}
          </span>
          <span dir="ltr">{money(r.amount)}</span>
        </div>
      ))}
    </div>
  );
}

export function DashboardCards({
  answer,
  loading,
  failed,
  online,
}: {
  answer: DashboardAnswer | null;
  loading: boolean;
  failed: boolean;
  online: boolean;
}) {
  const { t } = useLingui();
  const base = useAtomValue(baseCurrencyAtom)?.code ?? "";
  if (!online && !answer) {
    return (
      <p className="dash-alert" role="status">
        <Trans>The day's figures need a connection: they are read from the server</Trans>
      </p>
    );
  }
  if (failed && !answer) {
    return (
      <p className="dash-alert dash-alert-error" role="alert">
        <Trans>The day's figures could not be loaded.</Trans>
      </p>
    );
  }
  if (!answer) {
    return loading ? (
      <div className="dash-grid" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="dash-skeleton" />
        ))}
      </div>
    ) : null;
  }
  const { sales, cashboxes, customers_owe, suppliers_owed, installments, min_quantity, expiring, profit } = answer;
  const change = sales ? changePercent(sales.this_month, sales.last_month_to_date) : null;
  return (
    <section className="dash-grid" aria-label={t`Today's figures`}>
      {sales ? (
        <FigureCard title={t`Sales today`} to="/sale/sale">
          <Figure value={sales.today} currency={base} />
          <p className="dash-small dash-muted">
            <Plural value={sales.today_count} one="# invoice" other="# invoices" />
          </p>
        </FigureCard>
      ) : null}
      {sales ? (
        <FigureCard title={t`Sales this month`} to="/sale/sale">
          <Figure value={sales.this_month} currency={base} />
          <div className="dash-change dash-small dash-muted">
            {change !== null ? (
              <span className={change.startsWith("-") ? "dash-badge dash-badge-down" : "dash-badge dash-badge-up"} dir="ltr">
                {change.startsWith("-") ? "" : "+"}
                {change}%
              </span>
            ) : null}
            <span>
              <Trans>
                Same days last month <span dir="ltr">{money(sales.last_month_to_date)}</span>; whole last month{" "}
                <span dir="ltr">{money(sales.last_month)}</span>
              </Trans>
            </span>
          </div>
        </FigureCard>
      ) : null}
      {profit ? (
        <FigureCard
          title={t`Net profit this month`}
          to={`/report/profit-and-loss?start_date=${profit.start_date}&end_date=${answer.today}`}
        >
          <Figure value={profit.net_profit} currency={base} />
          <p className="dash-small dash-muted">
            <Trans>
              Gross profit <span dir="ltr">{money(profit.gross_profit)}</span> {base}
            </Trans>
          </p>
        </FigureCard>
      ) : null}
      {cashboxes ? (
        <FigureCard title={t`Cash in cashboxes`} to="/accounting/cashbox">
          {cashboxes.length === 0 ? (
            <p className="dash-muted">
              <Trans>No cashbox</Trans>
            </p>
          ) : (
            <div className="dash-rows dash-rows-scroll">
              {cashboxes.map((c) => (
                <div key={c.id} className="dash-row">
                  {/* dir="auto": the name is cut at its own end (an English name in Kurdish loses its tail, not its head) */}
                  <span dir="auto" title={c.name}>
                    {c.name}
                  </span>
                  <span dir="ltr">
                    {money(c.balance)} {c.currency_code}
                  </span>
                </div>
              ))}
            </div>
          )}
        </FigureCard>
      ) : null}
      {customers_owe ? (
        <FigureCard title={t`Customers owe`} to="/accounting/customer/detail-account-statement">
          <PerCurrency rows={customers_owe} empty={t`Nothing owed`} />
        </FigureCard>
      ) : null}
      {suppliers_owed ? (
        <FigureCard title={t`Owed to suppliers`} to="/accounting/supplier/detail-account-statement">
          <PerCurrency rows={suppliers_owed} empty={t`Nothing owed`} />
        </FigureCard>
      ) : null}
      {installments ? (
        <FigureCard title={t`Installments`} to="/report/sale-premium?status=overdue">
          <div>
            <p className="dash-label">
              <Trans>Due today</Trans>
            </p>
            <PerCurrency rows={installments.due_today} empty={t`Nothing due today`} />
          </div>
          <div>
            <p className={installments.overdue.length ? "dash-label dash-label-error" : "dash-label"}>
              <Trans>Overdue</Trans>
            </p>
            <PerCurrency rows={installments.overdue} empty={t`Nothing overdue`} />
          </div>
        </FigureCard>
      ) : null}
      {min_quantity ? (
        <FigureCard title={t`Items at minimum quantity`} to="/report/min-quantity-item">
          <Figure value={String(min_quantity.count)} />
          <p className="dash-small dash-muted">
            <Trans>items to order</Trans>
          </p>
        </FigureCard>
      ) : null}
      {expiring ? (
        <FigureCard title={t`Expiring within ${expiring.within_days} days`} to="/report/expired-item">
          <Figure value={String(expiring.count)} />
          <p className="dash-small dash-muted">
            <Trans>
              {expiring.expired_count} already expired; value <span dir="ltr">{money(expiring.value)}</span> {base}
            </Trans>
          </p>
        </FigureCard>
      ) : null}
    </section>
  );
}
