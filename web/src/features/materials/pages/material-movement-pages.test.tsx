import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../i18n/i18n';
import { dayText } from '../../../lib/day-text';
import { phoneToday } from '../../../lib/format';
import { cement } from '../../../test/fixtures';
import { renderAt, setOnline, signInAs, stubApi } from '../../../test/render';
import { saveKeptLists } from '../../offline';

afterEach(() => vi.unstubAllGlobals());

const product = cement;

async function pickCement(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'Material' }));
  await user.click(await screen.findByRole('option', { name: 'Cement (bag)' }));
}

describe('Add Return Material', () => {
  it('keeps the server’s numbers when a list fetched before its answer arrives after it', async () => {
    signInAs('user');
    stubApi({
      'GET /api/user/get-product': { body: [product] },
      'POST /api/user/refund-stock': {
        body: { message: 'Stock returned successfully', product: { ...product, availableQuantity: 9, refundQuantity: 2 } },
      },
    });
    // Every list searched for by name is held until the return has been answered.
    const stubbed = vi.mocked(fetch);
    let answered = () => {};
    const afterAnswer = new Promise<void>((resolve) => {
      answered = resolve;
    });
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/user/get-product') && url.includes('q=')) await afterAnswer;
      const response = await stubbed(url, init);
      if (url.startsWith('/api/user/refund-stock')) setTimeout(answered, 0);
      return response;
    });
    renderAt('/dashboard/refundstock');
    const user = userEvent.setup();
    await pickCement(user);
    await user.type(screen.getByRole('textbox', { name: 'Return Quantity' }), '2');
    await user.click(screen.getByRole('button', { name: 'Return Stock' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Stock returned successfully');
    // The held list arrives with the numbers from before the return: the answer's stay.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByTestId('stock-Available')).toHaveTextContent('9');
  });

  it('asks for a product, then a valid quantity, without calling the server', async () => {
    signInAs('user');
    const calls = stubApi({ 'GET /api/user/get-product': { body: [product] } });
    renderAt('/dashboard/refundstock');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Return Stock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a product.');
    await pickCement(user);
    await user.click(screen.getByRole('button', { name: 'Return Stock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid refund quantity.');
    expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(0);
  });

  it('blocks typing above the consumed quantity, confirms, and shows the server numbers', async () => {
    signInAs('user');
    const calls = stubApi({
      'GET /api/user/get-product': { body: [product] },
      'POST /api/user/refund-stock': {
        body: {
          message: 'Stock returned successfully',
          product: { ...product, availableQuantity: 9, consumedQuantity: 1, refundQuantity: 2 },
        },
      },
    });
    renderAt('/dashboard/refundstock');
    const user = userEvent.setup();
    await pickCement(user);
    const quantity = screen.getByRole('textbox', { name: 'Return Quantity' });
    // 3 were issued: a 9 is refused as it is typed.
    await user.type(quantity, '9');
    expect(quantity).toHaveValue('');
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Return Stock' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to refund this stock?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Stock returned successfully');
    expect(screen.getByTestId('stock-Available')).toHaveTextContent('9');
    expect(screen.getByTestId('stock-Returned')).toHaveTextContent('2');
    const post = calls.find((call) => call.key === 'POST /api/user/refund-stock');
    expect(post?.body).toEqual({ productId: product._id, refundQuantity: 2 });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('Add Issued Material', () => {
  it("draws none of a picker's options until the keeper opens it", async () => {
    signInAs('user');
    stubApi({ 'GET /api/user/get-product': { body: [product] } });
    renderAt('/dashboard/consumestock');
    const picker = await screen.findByRole('combobox', { name: 'Material' });
    await screen.findByRole('button', { name: 'Issued Stock' });
    // The top bar's language menu is a native select with options of its own: only drawn options count.
    expect(document.querySelectorAll('[role="listbox"], [role="option"]')).toHaveLength(0);
    await userEvent.setup().click(picker);
    expect(await screen.findByRole('option', { name: 'Cement (bag)' })).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    signInAs('user');
    stubApi({
      'GET /api/user/get-product': { body: [product] },
      'POST /api/user/consume-stock': { status: 409, body: { message: 'Not enough stock available' } },
    });
    renderAt('/dashboard/consumestock');
    const user = userEvent.setup();
    await pickCement(user);
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '50');
    await user.click(screen.getByRole('button', { name: 'Issued Stock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not enough stock available');
  });
});

describe('quantities in decimals', () => {
  afterEach(() => chooseLanguage('en'));
  const sand = { ...product, name: 'Sand', unit: 'm³', decimals: 2, availableQuantity: 12.5 };
  const issued = (body: unknown) => ({
    body: { message: 'Stock issued successfully', product: { ...sand, availableQuantity: 12.5 - (body as { quantity: number }).quantity } },
  });

  it.each([
    ['en', '0.75'],
    ['fr', '0,75'],
  ] as const)('takes a 2-decimal material to its hundredths as %s writes them, and no finer', async (language, typed) => {
    await chooseLanguage(language);
    signInAs('user');
    const calls = stubApi({ 'GET /api/user/get-product': { body: [sand] }, 'POST /api/user/consume-stock': issued });
    renderAt('/dashboard/consumestock');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: language === 'en' ? 'Material' : 'Matériau' }));
    await user.click(await screen.findByRole('option', { name: 'Sand (m³)' }));
    const quantity = screen.getAllByRole('textbox').find((box) => box.getAttribute('inputmode') === 'decimal') as HTMLElement;
    await user.type(quantity, `${typed}5`);
    expect(quantity).toHaveValue(typed);
    await user.click(document.querySelector('form button[type="submit"]') as HTMLElement);
    await screen.findByRole('status');
    const sent = calls.find((call) => call.key === 'POST /api/user/consume-stock');
    expect(sent?.body).toMatchObject({ quantity: 0.75 });
  });

  it('keeps a whole material whole: no decimal can be typed', async () => {
    signInAs('user');
    stubApi({ 'GET /api/user/get-product': { body: [product] } });
    renderAt('/dashboard/consumestock');
    const user = userEvent.setup();
    await pickCement(user);
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.type(quantity, '2.5');
    expect(quantity).toHaveValue('25');
  });
});

describe('quantities in another unit', () => {
  it('sends the unit picked with the quantity as typed, and shows the stock unit it converts to', async () => {
    signInAs('user');
    const bags = {
      ...product,
      units: [
        { name: 'kg', factor: '0.04' },
        { name: 'pallet', factor: '40' },
      ],
    };
    const calls = stubApi({
      'GET /api/user/get-product': { body: [bags] },
      'POST /api/user/consume-stock': { body: { message: 'Stock issued successfully', product: { ...bags, availableQuantity: 5 } } },
    });
    renderAt('/dashboard/consumestock');
    const user = userEvent.setup();
    await pickCement(user);
    await user.click(screen.getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: 'kg = 0.04 bag' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '50');
    await user.click(screen.getByRole('button', { name: 'Issued Stock' }));
    await screen.findByRole('status');
    expect(calls.find((call) => call.key === 'POST /api/user/consume-stock')?.body).toMatchObject({ quantity: 50, unit: 'kg' });
  });
});

describe('Refund Tool', () => {
  it('refuses more than was issued, with the number', async () => {
    signInAs('user');
    const tool = {
      _id: 't1',
      name: 'Drill',
      totalQuantity: 5,
      availableQuantity: 3,
      consumedQuantity: 2,
      damagedQuantity: 0,
      refundQuantity: 0,
      lostQuantity: 0,
      inCustodyQuantity: 0,
      storeId: { _id: 's', name: 'S' },
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const calls = stubApi({ 'GET /api/user/get-tools': { body: [tool] } });
    renderAt('/dashboard/refundtool');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Return Tool' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a tool.');
    await user.click(await screen.findByRole('combobox', { name: 'Tool' }));
    await user.click(await screen.findByRole('option', { name: 'Drill' }));
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: 'Return Tool' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Refund quantity cannot exceed consumed quantity (2).');
    expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(0);
  });
});

describe('forms that need every field', () => {
  it('New Inventory Entry says "Please fill in all fields!"', async () => {
    signInAs('admin');
    stubApi({ 'GET /api/all-inventory': { body: [] }, 'GET /api/products': { body: [] } });
    renderAt('/dashboard/newinventory');
    await userEvent.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields!');
  });

  it('Add New Supply says the same inside its modal', async () => {
    signInAs('user');
    stubApi({ 'GET /api/supply/all': { body: [] }, 'GET /api/user/get-product': { body: [] } });
    renderAt('/dashboard/supplymanagement');
    expect(await screen.findByText('No supplies found.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Supply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Supply' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Supply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please fill in all fields!');
  });

  it('Create Material makes an admin choose a store', async () => {
    signInAs('admin');
    stubApi({ 'GET /api/stores': { body: [] } });
    renderAt('/dashboard/addproduct');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Material Name' }), 'Sand');
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a store.');
  });

  it('the keeper report asks for both dates, the admin report for a store too', async () => {
    signInAs('user');
    stubApi({});
    const keeper = renderAt('/dashboard/generatereport');
    await userEvent.click(await screen.findByRole('button', { name: 'Fetch Report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select both Start Date and End Date.');
    keeper.unmount();
    signInAs('admin');
    stubApi({ 'GET /api/stores': { body: [] } });
    renderAt('/dashboard/generatereport');
    await userEvent.click(await screen.findByRole('button', { name: 'Fetch Report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a store and date range.');
  });
});

describe('batches with no signal', () => {
  const USER_ID = '7f1c2b3a-0000-4000-8000-0000000000c3';
  const token = `h.${btoa(JSON.stringify({ sub: USER_ID, stores: [product.storeId._id] })).replace(/=+$/, '')}.sig`;
  afterEach(() => {
    vi.restoreAllMocks();
    window.dispatchEvent(new Event('online'));
  });

  it("offers the batches the phone kept of the material picked, judging expiry on the phone's day", async () => {
    signInAs('user', token);
    const sealant = { ...product, tracksExpiry: true };
    // Kept yesterday, when L0 had not yet expired.
    const kept = (batch: string, expiresOn: string, quantity: number) => ({
      materialId: sealant._id,
      batch,
      expiresOn,
      quantity,
      isExpired: false,
    });
    await saveKeptLists([
      { key: `materials:${USER_ID}`, rows: [sealant] },
      {
        key: `batches:${USER_ID}`,
        rows: [
          kept('L0', phoneToday(new Date(Date.now() - 86_400_000)), 2),
          kept('L1', '2099-03-02', 4),
          { ...kept('X9', '2099-01-01', 9), materialId: 'other' },
        ],
      },
    ]);
    stubApi({});
    setOnline(false);
    renderAt('/dashboard/consumestock');
    const user = userEvent.setup();
    await pickCement(user);
    await user.click(await screen.findByRole('combobox', { name: 'Batch' }));
    const options = (await screen.findAllByRole('option')).filter((option) => option.textContent?.includes(' · '));
    expect(options.map((option) => option.textContent)).toEqual([
      `L0 · expired ${dayText(phoneToday(new Date(Date.now() - 86_400_000)))} · 2 bag`,
      'L1 · expires 02/03/2099 · 4 bag',
    ]);
    // An issue may not take the expired one.
    expect(options[0]).toHaveAttribute('data-combobox-disabled', 'true');
  });
});
