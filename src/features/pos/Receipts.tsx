import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { PosZReport } from '../../contract/pos';
import { $counter, nextSale, type Receipt as ReceiptData } from './till-session';
import { drawerDifference, istTime, MODE_NAMES, receiptPayments, rupees } from './receipt-text';
import { startReturnOf } from './return-session';
import { BUTTON, PRIMARY } from './styles';

const PAPER_KEY = 'pos-paper';
export type Paper = '58' | '80';

/** The receipt printer's paper width, kept on the device (a till has one printer). */
export function usePaper(): [Paper, (paper: Paper) => void] {
  const [paper, setPaper] = useState<Paper>('80');
  useEffect(() => {
    if (localStorage.getItem(PAPER_KEY) === '58') setPaper('58');
  }, []);
  return [paper, (next) => { localStorage.setItem(PAPER_KEY, next); setPaper(next); }];
}

export function PaperChoice({ paper, onChange }: { paper: Paper; onChange: (paper: Paper) => void }) {
  return (
    <label className="flex items-center gap-2">
      <span>Paper</span>
      <select className="h-11 rounded-md border border-border bg-background px-2" value={paper} onChange={(e) => onChange(e.target.value as Paper)}>
        <option value="80">80 mm</option>
        <option value="58">58 mm</option>
      </select>
    </label>
  );
}

const money = (rupeesValue: number) => rupees(Math.round(rupeesValue * 100));

/** A sale's receipt: on screen, and printed alone on thermal paper (the print CSS of layouts/Pos.astro). */
export function Receipt({ receipt, shopName, cashierName }: { receipt: ReceiptData; shopName: string; cashierName: string }) {
  const counter = useStore($counter);
  const [paper, setPaper] = usePaper();
  const { ticket, settlement, sale } = receipt;
  return (
    <div className="flex h-full flex-col items-center gap-4 overflow-y-auto p-4">
      <h1 className="text-2xl font-semibold">{sale ? `Sale ${sale.ordernumber} recorded` : 'Sale kept on this device: waiting to be sent'}</h1>
      <p className="text-xl" data-pos-change-due>Change due: <strong>{rupees(sale ? Math.round(sale.change_due * 100) : settlement.change_paise)}</strong></p>
      <div className="flex flex-wrap items-center gap-3">
        <PaperChoice paper={paper} onChange={setPaper} />
        <button type="button" className={BUTTON} onClick={() => print()}>Print</button>
        {sale && <button type="button" className={BUTTON} onClick={() => startReturnOf(sale.order_id)}>Return items</button>}
        <button type="button" className={PRIMARY} onClick={nextSale} autoFocus>New sale</button>
      </div>
      <article className="pos-print rounded-md border border-border bg-white p-3 font-mono text-sm text-black" data-paper={paper} data-pos-receipt data-order-id={sale?.order_id} aria-label="Receipt">
        <p className="text-center font-bold">{shopName}</p>
        {counter?.gstin && <p className="text-center">GSTIN {counter.gstin}</p>}
        <p className="text-center">{istTime(sale?.created_at ?? receipt.at)}</p>
        <p className="text-center">{sale ? `Bill ${sale.ordernumber}` : 'Bill number when sent'} · {cashierName}</p>
        <hr className="my-2 border-dashed border-black" />
        <table className="w-full">
          <tbody>
            {ticket.lines.map((line) => (
              <tr key={line.pack_id}>
                <td className="align-top">{line.name} {line.pack_name}<br />{line.quantity} × {rupees(line.unit_paise)}{line.discount_paise > 0 && ` −${rupees(line.discount_paise)}`}</td>
                <td className="whitespace-nowrap pl-2 text-right align-top">{rupees(line.unit_paise * line.quantity - line.discount_paise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <hr className="my-2 border-dashed border-black" />
        <dl className="grid grid-cols-[1fr_auto]">
          {ticket.coupon && (
            <div className="contents">
              <dt>Coupon {ticket.coupon.code}</dt>
              <dd className="text-right">−{rupees(settlement.coupon_discount_paise)}</dd>
            </div>
          )}
          <dt className="font-bold">Total</dt>
          <dd className="text-right font-bold">{sale ? money(sale.total) : rupees(settlement.total_paise)}</dd>
          {receiptPayments(ticket, sale).map((payment, index) => (
            <div key={index} className="contents">
              <dt>{payment.label}</dt>
              <dd className="text-right">{rupees(payment.paise)}</dd>
            </div>
          ))}
          <dt>Change</dt>
          <dd className="text-right">{rupees(sale ? Math.round(sale.change_due * 100) : settlement.change_paise)}</dd>
        </dl>
        {ticket.note && <p className="mt-2">{ticket.note}</p>}
        <p className="mt-2 text-center">Thank you</p>
      </article>
    </div>
  );
}

/** The Z-report of a till just closed: on screen and printable. */
export function ZReport({ report, shopName, onDone }: { report: PosZReport; shopName: string; onDone: () => void }) {
  const [paper, setPaper] = usePaper();
  const difference = drawerDifference(report.difference);
  const row = (label: string, value: string, strong = false) => (
    <div className="contents">
      <dt className={strong ? 'font-bold' : ''}>{label}</dt>
      <dd className={`text-right ${strong ? 'font-bold' : ''}`}>{value}</dd>
    </div>
  );
  return (
    <div className="flex h-full flex-col items-center gap-4 overflow-y-auto p-4">
      <h1 className="text-2xl font-semibold">Z-report: till {report.till_id} closed</h1>
      <div className="flex flex-wrap items-center gap-3">
        <PaperChoice paper={paper} onChange={setPaper} />
        <button type="button" className={BUTTON} onClick={() => print()}>Print</button>
        <button type="button" className={PRIMARY} onClick={onDone}>Open another till</button>
      </div>
      <article className="pos-print rounded-md border border-border bg-white p-3 font-mono text-sm text-black" data-paper={paper} data-pos-zreport aria-label="Z-report">
        <p className="text-center font-bold">{shopName}</p>
        <p className="text-center font-bold">Z-report · till {report.till_id}</p>
        <p className="text-center">{report.warehouse.name}</p>
        <p>Opened {istTime(report.opened_at)} by {report.opened_by.name}</p>
        <p>Closed {istTime(report.closed_at)} by {report.closed_by.name}</p>
        <hr className="my-2 border-dashed border-black" />
        <dl className="grid grid-cols-[1fr_auto]">
          {row('Sales', String(report.sales_count))}
          {row('Returns', String(report.returns_count))}
          {report.by_mode.map((m) => row(`${MODE_NAMES[m.mode]} net`, money(m.net)))}
          {report.awaiting_upi > 0 && row('UPI awaiting', money(report.awaiting_upi))}
          {report.stock_short_count > 0 && row('Stock-short sales', String(report.stock_short_count))}
        </dl>
        <hr className="my-2 border-dashed border-black" />
        <dl className="grid grid-cols-[1fr_auto]">
          {row('Opening cash', money(report.opening_cash))}
          {row('Cash sales', money(report.cash_sales))}
          {row('Cash refunds', money(report.cash_refunds))}
          {row('Cash expected', money(report.cash_expected), true)}
          {row('Counted', money(report.counted_cash), true)}
          {row(difference.label, money(difference.amount), true)}
        </dl>
        {report.note && <p className="mt-2">{report.note}</p>}
      </article>
    </div>
  );
}
