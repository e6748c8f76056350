import PDFDocument from 'pdfkit';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import {
  formatEurosAndCents,
  formatVatRate,
  invoiceMessages,
} from '../../shared/rules/invoices.ts';
import type { invoices } from '../db/schema/payments.ts';

export type InvoiceDocument = Omit<typeof invoices.$inferInsert, 'pdf' | 'id'> & {
  /** The invoice a credit note corrects, by its number. */
  creditedNumber: string | null;
};

const MARGIN = 56;

/**
 * The invoice or credit note as a PDF (pdfkit, docs/decisions/036): seller, buyer, number and
 * date, one line per item with net, VAT and gross, and the totals. The standard Helvetica font
 * covers Western European text (WinAnsi); its metadata dates are fixed to the issue date, so the
 * same invoice renders to the same bytes.
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const isCreditNote = invoice.kind === 'credit_note';
  const title = isCreditNote ? 'Credit note' : 'Invoice';
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${title} ${invoice.number}`,
      Author: invoice.seller.legalName || PRODUCT_NAME,
      CreationDate: invoice.issuedAt,
      ModDate: invoice.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  document.font('Helvetica-Bold').fontSize(20).text(`${title} ${invoice.number}`);
  document.font('Helvetica').fontSize(10).moveDown(0.5);
  document.text(`Date of issue: ${invoice.issuedAt.toISOString().slice(0, 10)}`);
  if (invoice.creditedNumber) document.text(invoiceMessages.creditNoteFor(invoice.creditedNumber));
  if (invoice.isTest)
    document.fillColor('#a11').text(invoiceMessages.testInvoice).fillColor('black');
  document.moveDown();

  const top = document.y;
  party(
    document,
    'Seller',
    [
      invoice.seller.legalName || PRODUCT_NAME,
      ...invoice.seller.address.split('\n'),
      invoice.seller.vatNumber ? `VAT number: ${invoice.seller.vatNumber}` : '',
    ],
    MARGIN,
    top,
  );
  party(
    document,
    'Buyer',
    [
      invoice.buyer.name,
      invoice.buyer.email,
      invoice.buyer.country ? `Country: ${invoice.buyer.country}` : '',
      invoice.buyer.vatNumber ? `VAT number: ${invoice.buyer.vatNumber}` : '',
    ],
    300,
    top,
  );
  document.x = MARGIN;
  document.moveDown(2);

  const columns = { description: MARGIN, net: 300, vat: 390, gross: 470 };
  const row = (cells: [string, string, string, string], isBold = false) => {
    const y = document.y;
    document.font(isBold ? 'Helvetica-Bold' : 'Helvetica');
    document.text(cells[0], columns.description, y, { width: 230 });
    const bottom = document.y;
    document.text(cells[1], columns.net, y, { width: 80, align: 'right' });
    document.text(cells[2], columns.vat, y, { width: 70, align: 'right' });
    document.text(cells[3], columns.gross, y, { width: 70, align: 'right' });
    document.y = Math.max(bottom, document.y) + 4;
  };
  row(['Description', 'Net', 'VAT', 'Gross'], true);
  for (const line of invoice.lines) {
    row([
      line.description,
      formatEurosAndCents(line.netCents),
      formatEurosAndCents(line.vatCents),
      formatEurosAndCents(line.grossCents),
    ]);
  }
  document.moveDown();
  const rate = formatVatRate(invoice.vatRateBasisPoints);
  row(['Total net', formatEurosAndCents(invoice.netCents), '', '']);
  row([`VAT ${rate}`, '', formatEurosAndCents(invoice.vatCents), '']);
  row(
    [
      isCreditNote ? 'Total credited' : 'Total paid',
      '',
      '',
      formatEurosAndCents(invoice.grossCents),
    ],
    true,
  );
  document.x = MARGIN;
  document.moveDown();
  if (invoice.vatTreatment === 'reverse_charge') document.text(invoiceMessages.reverseCharge);
  document.text(`Currency: ${invoice.currency.toUpperCase()}`);
  document.end();
  return finished;
}

function party(
  document: PDFKit.PDFDocument,
  heading: string,
  lines: string[],
  x: number,
  y: number,
) {
  document.font('Helvetica-Bold').text(heading, x, y, { width: 230 });
  document.font('Helvetica');
  for (const line of lines.filter((text) => text.trim() !== '')) {
    document.text(line, x, document.y, { width: 230 });
  }
}
