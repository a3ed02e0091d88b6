/**
 * Sending bytes to a receipt printer the browser can reach: WebUSB (Chromium on Android tablets and
 * desktops) or Web Serial (desktop Chromium). The device asks once (`pairPrinter`, from a tap in the
 * settings); later prints find the paired printer without asking. Needs a real printer: not unit-tested.
 */

interface UsbEndpoint {
  direction: "in" | "out";
  type: string;
  endpointNumber: number;
}
interface UsbInterface {
  interfaceNumber: number;
  alternate: { endpoints: UsbEndpoint[] };
}
interface UsbDevice {
  opened: boolean;
  configuration: { interfaces: UsbInterface[] } | null;
  open(): Promise<void>;
  selectConfiguration(value: number): Promise<void>;
  claimInterface(value: number): Promise<void>;
  transferOut(endpoint: number, data: BufferSource): Promise<unknown>;
}
interface Usb {
  getDevices(): Promise<UsbDevice[]>;
  requestDevice(options: { filters: object[] }): Promise<UsbDevice>;
}
interface SerialPortLike {
  readable: unknown;
  writable: WritableStream<Uint8Array> | null;
  open(options: { baudRate: number }): Promise<void>;
}
interface Serial {
  getPorts(): Promise<SerialPortLike[]>;
  requestPort(): Promise<SerialPortLike>;
}

const usb = (): Usb | undefined => (navigator as Navigator & { usb?: Usb }).usb;
const serial = (): Serial | undefined => (navigator as Navigator & { serial?: Serial }).serial;

export type PrinterLink = "usb" | "serial";

/** Whether this browser offers the link at all. */
export const canUse = (link: PrinterLink) => (link === "usb" ? usb() !== undefined : serial() !== undefined);

/** Asks the user to pick the printer (needs a tap); the browser remembers the permission. */
export async function pairPrinter(link: PrinterLink): Promise<void> {
  if (link === "usb") await usb()?.requestDevice({ filters: [] });
  else await serial()?.requestPort();
}

const BULK_OUT = (e: UsbEndpoint) => e.direction === "out" && e.type === "bulk";

async function sendUsb(bytes: Uint8Array): Promise<void> {
  const [device] = (await usb()?.getDevices()) ?? [];
  if (!device) throw new Error("No USB printer paired");
  if (!device.opened) await device.open();
  if (!device.configuration) await device.selectConfiguration(1);
  const iface = device.configuration?.interfaces.find((i) => i.alternate.endpoints.some(BULK_OUT));
  const endpoint = iface?.alternate.endpoints.find(BULK_OUT);
  if (!iface || !endpoint) throw new Error("The USB device has no printer endpoint");
  await device.claimInterface(iface.interfaceNumber).catch(() => undefined); // already claimed by an earlier print
  await device.transferOut(endpoint.endpointNumber, new Uint8Array(bytes));
}

async function sendSerial(bytes: Uint8Array): Promise<void> {
  const [port] = (await serial()?.getPorts()) ?? [];
  if (!port) throw new Error("No serial printer paired");
  if (!port.writable) await port.open({ baudRate: 9600 });
  const writer = port.writable!.getWriter();
  try {
    await writer.write(bytes);
  } finally {
    writer.releaseLock();
  }
}

export function sendToPrinter(link: PrinterLink, bytes: Uint8Array): Promise<void> {
  return link === "usb" ? sendUsb(bytes) : sendSerial(bytes);
}
