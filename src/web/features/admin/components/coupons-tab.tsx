import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Coupon } from '../../../../shared/api/coupons.ts';
import { describeCoupon, type CouponKind } from '../../../../shared/rules/coupons.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useCatalogue } from '../../../lib/catalogue.ts';
import { notify } from '../../../lib/notify.ts';
import { useCoupons, useSaveCoupon } from '../api/coupons.ts';
import { ScrollTable, stickyActionsClass } from './scroll-table.tsx';

/**
 * The creator's discount codes (docs/decisions/039-coupons.md): make one, change its terms,
 * switch it off or on.
 */
export function CouponsTab() {
  const [editing, setEditing] = useState<Coupon | null>(null);
  return (
    <div className="space-y-6">
      {editing ? (
        <CouponForm key={editing.id} coupon={editing} onDone={() => setEditing(null)} />
      ) : (
        <CouponForm key="new" />
      )}
      <CouponList onEdit={setEditing} />
    </div>
  );
}

/** The products a code may be for: each course and the bundle, by product id and name. */
function useSaleableProducts() {
  const catalogue = useCatalogue().data;
  if (!catalogue) return [];
  return [
    ...catalogue.courses.map((course) => ({ id: course.product.id, name: course.title })),
    { id: catalogue.bundle.id, name: catalogue.bundle.name },
  ];
}

/** A new code, or (with `coupon`) a code's terms to change. */
function CouponForm({ coupon, onDone }: { coupon?: Coupon; onDone?: () => void }) {
  const products = useSaleableProducts();
  const save = useSaveCoupon();
  const kindId = useId();
  const [code, setCode] = useState(coupon?.code ?? '');
  const [kind, setKind] = useState<CouponKind>(coupon?.kind ?? 'percent');
  const [value, setValue] = useState(
    coupon ? String(coupon.kind === 'percent' ? coupon.value : coupon.value / 100) : '',
  );
  const [productIds, setProductIds] = useState<string[]>(coupon?.productIds ?? []);
  const [expiresOn, setExpiresOn] = useState(coupon?.expiresAt?.slice(0, 10) ?? '');
  const [maxUses, setMaxUses] = useState(coupon?.maxUses ? String(coupon.maxUses) : '');
  const [isActive, setIsActive] = useState(coupon?.isActive ?? true);
  // Orders name a used code with its discount: those stay (the server refuses them too).
  const isTermsKept = coupon?.hasOrders ?? false;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (coupon) heading.current?.focus();
  }, [coupon]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(value);
    const input = {
      code,
      kind,
      value: kind === 'percent' ? amount : Math.round(amount * 100),
      productIds,
      expiresAt: expiresOn ? `${expiresOn}T23:59:59.000Z` : null,
      maxUses: maxUses ? Number(maxUses) : null,
      isActive,
    };
    save.mutate(
      { ...(coupon && { id: coupon.id }), input },
      {
        onSuccess: (saved) => {
          if (coupon) {
            notify.area.success(`Code ${saved.code} saved`);
            onDone?.();
            return;
          }
          notify.area.success(`Code ${saved.code} created`);
          setCode('');
          setValue('');
          setProductIds([]);
          setExpiresOn('');
          setMaxUses('');
        },
        onError: (error) =>
          notify.area.failure(
            coupon ? 'The code could not be saved' : 'The code could not be created',
            error,
          ),
      },
    );
  };

  return (
    <Panel
      title={
        <span ref={heading} tabIndex={-1}>
          {coupon ? `Edit code ${coupon.code}` : 'New code'}
        </span>
      }
    >
      <form onSubmit={submit} className="space-y-4">
        {isTermsKept && (
          <p className="text-sm text-ink-700">
            Orders were priced with this code: its letters and discount stay as they are. To offer
            another discount, switch it off and make a new code.
          </p>
        )}
        <div className="flex flex-wrap gap-4">
          <TextField
            label="Code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            maxLength={40}
            required
            disabled={isTermsKept}
            hint={<p className="mt-1 text-xs text-ink-700">Letters, digits, - or _; any case.</p>}
          />
          <div>
            <label htmlFor={kindId} className="mb-1 block text-sm font-medium text-ink-800">
              Discount
            </label>
            <select
              id={kindId}
              value={kind}
              onChange={(event) => setKind(event.target.value as CouponKind)}
              disabled={isTermsKept}
              className="rounded-lg border border-ink-600/40 bg-white px-3 py-2.5"
            >
              <option value="percent">Percent off</option>
              <option value="amount">Euros off</option>
            </select>
          </div>
          <TextField
            label={kind === 'percent' ? 'Percent' : 'Euros'}
            type="number"
            min={kind === 'percent' ? 1 : 0.01}
            max={kind === 'percent' ? 100 : 10_000}
            step={kind === 'percent' ? 1 : 0.01}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            required
            disabled={isTermsKept}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-ink-800">
            For (none ticked: every course and the bundle)
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {products.map((product) => (
              <CheckboxField
                key={product.id}
                label={product.name}
                checked={productIds.includes(product.id)}
                onChange={(event) =>
                  setProductIds((current) =>
                    event.target.checked
                      ? [...current, product.id]
                      : current.filter((candidate) => candidate !== product.id),
                  )
                }
              />
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-4">
          <TextField
            label="Expires on (optional)"
            type="date"
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.target.value)}
          />
          <TextField
            label="Maximum uses (optional)"
            type="number"
            min={1}
            step={1}
            value={maxUses}
            onChange={(event) => setMaxUses(event.target.value)}
          />
        </div>
        {coupon && (
          <CheckboxField
            label="Active"
            checked={isActive}
            onChange={(event) => setIsActive(event.target.checked)}
          />
        )}
        <p className="text-sm text-ink-700">
          A code applies to paying in full. It counts as used once its order is paid, and a refund
          gives the use back.
        </p>
        <div className="flex gap-3">
          <Button type="submit" disabled={save.isPending}>
            {coupon ? 'Save code' : 'Create code'}
          </Button>
          {coupon && (
            <Button type="button" variant="secondary" onClick={onDone}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </Panel>
  );
}

function CouponList({ onEdit }: { onEdit: (coupon: Coupon) => void }) {
  const coupons = useCoupons();
  const products = useSaleableProducts();
  const nameOf = (productId: string) =>
    products.find((product) => product.id === productId)?.name ?? productId;

  if (coupons.isPending) return <p>Loading codes…</p>;
  if (coupons.isError) {
    return <ErrorAlert error={coupons.error} fallback="The codes could not be loaded." />;
  }
  if (coupons.data.coupons.length === 0) return <p>No codes yet.</p>;
  return (
    <Panel title="Codes">
      <ScrollTable label="Codes">
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Discount</th>
              <th scope="col">For</th>
              <th scope="col">Expires</th>
              <th scope="col">Uses</th>
              <th scope="col">Status</th>
              <th scope="col" className={stickyActionsClass}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {coupons.data.coupons.map((coupon) => (
              <tr key={coupon.id} className="border-t border-ink-600/20">
                <td className="py-2 font-mono">{coupon.code}</td>
                <td>{describeCoupon(coupon)}</td>
                <td>
                  {coupon.productIds.length === 0
                    ? 'Everything'
                    : coupon.productIds.map(nameOf).join(', ')}
                </td>
                <td>{coupon.expiresAt ? coupon.expiresAt.slice(0, 10) : 'Never'}</td>
                <td>{coupon.maxUses ? `${coupon.uses} of ${coupon.maxUses}` : coupon.uses}</td>
                <td>{coupon.isActive ? 'Active' : 'Off'}</td>
                <td className={`${stickyActionsClass} whitespace-nowrap`}>
                  <Button
                    variant="secondary"
                    aria-label={`Edit ${coupon.code}`}
                    className="mr-2"
                    onClick={() => onEdit(coupon)}
                  >
                    Edit
                  </Button>
                  <SwitchCoupon coupon={coupon} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </Panel>
  );
}

function SwitchCoupon({ coupon }: { coupon: Coupon }) {
  const save = useSaveCoupon();
  const { id, uses: _uses, createdAt: _createdAt, hasOrders: _hasOrders, ...terms } = coupon;
  const isActive = !coupon.isActive;
  const label = coupon.isActive ? 'Switch off' : 'Switch on';
  return (
    <Button
      variant="secondary"
      aria-label={`${label} ${coupon.code}`}
      disabled={save.isPending}
      onClick={() =>
        save.mutate(
          { id, input: { ...terms, isActive } },
          {
            onSuccess: () =>
              notify.area.success(
                `Code ${coupon.code} ${isActive ? 'switched on' : 'switched off'}`,
              ),
            onError: (error) => notify.area.failure('The code could not be changed', error),
          },
        )
      }
    >
      {label}
    </Button>
  );
}
