"""The USB host side of Tests/Emulators/pico-emulator.py: rp2040py's CDC-ACM host (`USBCDC`)
enumerates the firmware's USB device; this class adds what a Linux host does and
USBCDC leaves out, and carries the CDC data path to a TCP client.

USBCDC enumerates the way rp2040py's own host does: after the bus reset, SET_ADDRESS,
the configuration descriptor (9 bytes, then all of it), SET_CONFIGURATION, then
SET_CONTROL_LINE_STATE. Once it has, this host reads the device descriptor and the
strings (as `lsusb` shows them; the serial number when iSerialNumber names one), checks that a device-qualifier request STALLs (a
full-speed device has none), reads the configuration descriptor again and plays
`usbhid` on each HID interface in it (class 03h: SET_IDLE 0, then GET_DESCRIPTOR of
its report descriptor, `wDescriptorLength` bytes as its HID descriptor says, then
SET_REPORT of a wheel's Resolution Multiplier to its maximum, as hid-input does), keeps
every report the device sends on a HID interrupt IN endpoint (rp2040py completes an
IN buffer as soon as it is armed: a host polling every frame, without the wait), and
then plays `cdc_acm`: opening the port (a TCP client
connecting) raises DTR and RTS, sets 115200 8N1 and reads it back; closing it (the
client going away) drops them.

What it does differently from USBCDC, because of the emulator (rp2040py 0.3.6):
  * USBCDC raises DTR as part of enumeration; here the lines stay down until a client
    opens the port, as on Linux, where they rise when an application opens the tty.
  * USBCDC answers an armed bulk OUT buffer at once, with zero bytes when it has
    nothing to send, so a device that re-arms would spin; here the buffer stays
    armed until the client sends bytes, as on a real bus (the host sends no OUT
    transaction without data).
  * rp2040py completes every bulk IN packet as soon as it is armed. `throttle` (and
    a client that leaves 64 KB unread) holds the armed packet instead, as a Linux
    host does when the tty's buffer is full and cdc_acm stops reading.
  * Control requests of its own (the descriptors, the line coding) complete their
    status stage before the next one starts, as a host controller does.
  * rp2040py sends start-of-frame packets only in host mode. Here the host sends one
    every millisecond of emulated time once the device is on the bus, as a real one
    does (every 1.0005 ms: see FRAME_NS): SOF_RD counts the frames, INTR.DEV_SOF rises with each and reading SOF_RD
    clears it (datasheet 4.1.4).
  * Erratum RP2040-E15 (the device controller hangs when a bus error hits an IN
    transaction near the end of a frame) has no cause in an emulator. With `e15`
    "hang" (the default) the host treats a bulk IN buffer armed 800 us or more after a
    SOF, in the last 200 us of the frame where the Pico SDK does not arm one, as if
    the error had come: the controller stops completing transfers on every endpoint
    until it or the chip is reset, as the silicon does. With "count" it only counts
    such buffers (`e15_hazards` in `state`).
"""
import collections

from rp2040py.usb.cdc import USBCDC

AVAILABLE = 1 << 10
FULL = 1 << 15
STALL = 1 << 11
EP_STALL_ARM = 0x68
SOF_RD = 0x48
SIE_STATUS = 0x50
SIE_SUSPENDED = 1 << 4
INTR_DEV_SOF = 1 << 17
# The host's frame: 1 ms at the edge of full speed's ±500 ppm, so the device's own
# timer (exact in the emulator) slides through every phase of the host's frame every
# 2 s, as two crystals do, instead of keeping one phase for good.
FRAME_NS = 1_000_500
E15_WINDOW_NS = 800_000  # from here to the next SOF the SDK does not arm a bulk IN buffer
DTR_RTS = 3
PENDING_LIMIT = 64 * 1024


def setup(request_type, request, value=0, index=0, length=0):
    return bytes((request_type, request, value & 0xFF, value >> 8, index & 0xFF, index >> 8, length & 0xFF,
                  length >> 8))


class Request:
    def __init__(self, packet, out=b"", done=None, expect_stall=False):
        self.packet = packet
        self.out = out
        self.done = done or (lambda data: None)
        self.expect_stall = expect_stall
        self.is_in = bool(packet[0] & 0x80)
        self.length = packet[6] | packet[7] << 8
        self.received = bytearray()
        self.data_done = False
        self.status_armed = False


class QuietCDC(USBCDC):
    """USBCDC with the control lines down at enumeration (see the module notes)."""

    def _cdc_set_control_line_state(self, value=None, interface_number=None):
        super()._cdc_set_control_line_state(0 if value is None else value, interface_number)


class CDCHost:
    def __init__(self, mcu, clock, e15="hang"):
        self.mcu, self.usb, self.clock = mcu, mcu.usb_ctrl, clock
        self.e15 = e15
        self.cdc = QuietCDC(self.usb)
        self.cdc.on_device_connected = self._enumerated
        self._cdc_write, self._cdc_read = self.usb.on_endpoint_write, self.usb.on_endpoint_read
        self.usb.on_endpoint_write = self._endpoint_write
        self.usb.on_endpoint_read = self._endpoint_read
        self._cdc_reset = self.usb.on_reset
        self.usb.on_reset = self._controller_reset
        self._dpram_updated = self.usb.dpram_updated
        self.usb.dpram_updated = self._dpram_written
        self._read_register = self.usb.read_uint32
        self.usb.read_uint32 = self._register_read
        self.next_alarm = clock.create_alarm(self._start_next)
        self.stall_alarm = clock.create_alarm(self._check_stall)
        self.sof_alarm = clock.create_alarm(self._start_of_frame)
        self.sof_frames = self.bulk_in_arms = self.e15_hazards = 0
        self.in_phase_us = [0] * 10  # bulk IN buffers armed, by 100 us of the frame
        self.hung = False
        self.enumerations = 0
        self.info = {}
        self.held_packets = 0
        self.bytes_to_device = self.bytes_from_device = 0
        self.throttle = False
        self.backlog = 0  # bytes the client has not taken yet
        self.want_open = False
        self.departures = 0  # times the device left the bus (a reset, a reboot into BOOTSEL)
        self.from_device = bytearray()  # read from the device, not yet taken by the client
        self.hid_endpoints = set()  # endpoint numbers of the HID interfaces' interrupt IN endpoints
        self.hid_reports = []  # every HID input report received, as hex, in order
        self.hid_report_frames = []  # for each, stamp() when it arrived (the harness's frame)
        self.suspended = False  # the host suspended the bus: no start of frame, nothing polled
        self.held_hid = []  # HID IN buffers armed while suspended: (offset, value), sent on resume
        self.stamp = lambda: None  # set by the harness
        self._clear()

    def _clear(self):
        self.ready = False  # enumerated, and USBCDC's last request finished
        self.lines_pending = False
        self.queue = collections.deque()
        self.current = None
        self.opened = False
        self.to_device = bytearray()
        self.out_armed = 0
        self.held = False
        self.hung = False
        self.frames_on = False
        self.last_sof = 0
        self.next_alarm.cancel()
        self.stall_alarm.cancel()
        self.sof_alarm.cancel()

    # --- what the harness calls ------------------------------------------------------

    def open(self):
        """A client opened the port: DTR and RTS up, 115200 8N1, read back."""
        self.want_open = True
        self.to_device.clear()
        if self.ready:
            self._queue_open()

    def close(self):
        """The client went away: DTR and RTS down."""
        self.want_open = False
        self.opened = False
        self.to_device.clear()
        self.from_device.clear()
        if self.ready:
            self._request(setup(0x21, 0x22, 0, self._interface()))

    def touch_1200(self):
        """The 1200-baud touch as `stty -F /dev/ttyACM0 1200` makes it: the port opened
        (DTR and RTS up), set to 1200 8N1, closed (DTR and RTS down)."""
        if not self.ready:
            raise ValueError("the device is not enumerated")
        interface = self._interface()
        self._request(setup(0x21, 0x22, DTR_RTS, interface))
        self._request(setup(0x21, 0x20, 0, interface, 7), out=(1200).to_bytes(4, "little") + bytes((0, 0, 8)))
        self._request(setup(0x21, 0x22, 0, interface))

    def reset_interface_bootsel(self):
        """The Pico SDK reset interface's BOOTSEL request, as picotool sends it: vendor,
        to the interface of class FFh, subclass 00h, protocol 01h, no data."""
        if not self.ready:
            raise ValueError("the device is not enumerated")
        interface = self.info.get("reset_interface")
        if interface is None:
            raise ValueError("the device has no reset interface")
        self._request(setup(0x41, 0x01, 0, interface))

    def send(self, data):
        self.to_device += data
        self._deliver()

    def take(self):
        data = bytes(self.from_device)
        self.from_device.clear()
        return data

    def set_throttle(self, on):
        self.throttle = on
        self.release()

    def release(self):
        """Sends a held bulk IN packet once the host reads again."""
        if self.held and not self.throttled():
            self.held = False
            offset = self._in_control()
            value = int.from_bytes(self.mcu.usb_dpram[offset:offset + 4], "little")
            if value & AVAILABLE:
                self._dpram_updated(offset, value)

    def replug(self):
        """The cable pulled and plugged back in: the host forgets the device, resets the
        bus, and enumerates it again."""
        self._cdc_reset()
        self._clear()
        self.usb.reset_device()

    def busy(self):
        """True while bytes wait for the firmware (so the harness must not skip time)."""
        out = int.from_bytes(self.mcu.usb_dpram[self._out_control():self._out_control() + 4], "little")
        return bool(self.opened and self.to_device) or bool(out & FULL and not out & AVAILABLE and self.opened)

    def throttled(self):
        return self.throttle or self.backlog > PENDING_LIMIT

    def state(self):
        return dict(self.info, enumerations=self.enumerations, configured=self.ready, dtr=self.opened,
                    hid_reports=list(self.hid_reports), hid_report_frames=list(self.hid_report_frames),
                    bytes_to_device=self.bytes_to_device, bytes_from_device=self.bytes_from_device,
                    waiting_to_device=len(self.to_device), held_packets=self.held_packets, throttled=self.throttle, sof_frames=self.sof_frames,
                    bulk_in_arms=self.bulk_in_arms, bulk_in_by_100us=self.in_phase_us,
                    e15_hazards=self.e15_hazards, hung=self.hung)

    # --- frames ------------------------------------------------------------------------

    def _frames_start(self):
        if not self.frames_on:
            self.frames_on = True
            self.last_sof = self.clock.nanos
            self.sof_alarm.schedule(FRAME_NS)

    def _start_of_frame(self):
        if self.hung or self.suspended:
            return
        self.sof_frames += 1
        self.last_sof = self.clock.nanos
        self.usb._sof_frame_number = (self.usb._sof_frame_number + 1) & 0x7FF
        self.usb._int_raw |= INTR_DEV_SOF
        self.usb.check_interrupts()
        self.sof_alarm.schedule(FRAME_NS)

    def suspend(self):
        """The host suspends the bus (as Linux's autosuspend or a system sleep does): no
        start-of-frame packets, SIE_STATUS.SUSPENDED set, and no IN token on the HID
        endpoint, so a report armed stays armed."""
        self.suspended = True
        self.sof_alarm.cancel()

    def resume(self):
        """The host resumes the bus: frames again, and the HID reports armed meanwhile are
        taken, in order."""
        self.suspended = False
        self.sof_alarm.schedule(FRAME_NS)
        held, self.held_hid = self.held_hid, []
        for offset, value in held:
            self._dpram_updated(offset, value)

    def _register_read(self, offset):
        value = self._read_register(offset)
        if offset == SIE_STATUS and self.suspended:
            value |= SIE_SUSPENDED
        if offset == SOF_RD and self.usb._int_raw & INTR_DEV_SOF:
            self.usb._int_raw &= ~INTR_DEV_SOF
            self.usb.check_interrupts()
        return value

    def _bulk_in_armed(self):
        """A bulk IN buffer was armed: where in the frame; E15 if it is late in it."""
        phase = self.clock.nanos - self.last_sof
        self.bulk_in_arms += 1
        self.in_phase_us[min(9, int(phase // 100_000))] += 1
        if phase >= E15_WINDOW_NS:
            self.e15_hazards += 1
            self.hung = self.e15 == "hang"

    # --- endpoints ---------------------------------------------------------------------

    def _interface(self):
        return max(self.cdc._control_interface, 0)

    def _in_control(self):
        return 0x80 + 8 * (self.cdc._in_endpoint if self.cdc._in_endpoint > 0 else 2)

    def _out_control(self):
        return 0x84 + 8 * (self.cdc._out_endpoint if self.cdc._out_endpoint > 0 else 2)

    def _dpram_written(self, offset, value):
        self._frames_start()
        if self.hung:
            return  # the controller answers nothing until it is reset
        if offset == self._in_control() and value & AVAILABLE and self.ready:
            self._bulk_in_armed()
            if self.hung:
                return
        if self.suspended and value & AVAILABLE and any(offset == 0x80 + 8 * e for e in self.hid_endpoints):
            self.held_hid.append((offset, value))  # no IN token while suspended
            return
        if offset == self._in_control() and value & AVAILABLE and self.ready and self.throttled():
            self.held = True  # stays armed: the host sends no IN token
            self.held_packets += 1
            return
        self._dpram_updated(offset, value)

    def _endpoint_write(self, endpoint, buffer):
        if endpoint == 0:
            if self.current is not None:
                self._control_in(buffer)
            elif self.lines_pending and not buffer:
                self.lines_pending = False
                self.ready = True
                self._after_enumeration()
            else:
                self._cdc_write(endpoint, buffer)
        elif endpoint in self.hid_endpoints and self.ready:
            self.hid_reports.append(bytes(buffer).hex())
            self.hid_report_frames.append(self.stamp())
        elif endpoint == self.cdc._in_endpoint:
            self.bytes_from_device += len(buffer)
            if self.opened:
                self.from_device += buffer
        else:
            self._cdc_write(endpoint, buffer)

    def _endpoint_read(self, endpoint, size):
        if endpoint == 0 and self.current is not None:
            request = self.current
            if not request.is_in and request.out:
                self.usb.endpoint_read_done(0, request.out[:size])
            elif request.is_in:
                request.status_armed = True
                self._status_stage()
        elif endpoint == 0:
            self._cdc_read(endpoint, size)
        elif endpoint == self.cdc._out_endpoint:
            self.out_armed = size
            self._deliver()
        else:
            self._cdc_read(endpoint, size)

    def _deliver(self):
        if self.out_armed and self.opened and self.to_device and not self.hung:
            chunk = bytes(self.to_device[:self.out_armed])
            del self.to_device[:len(chunk)]
            self.out_armed = 0
            self.bytes_to_device += len(chunk)
            self.usb.endpoint_read_done(self.cdc._out_endpoint, chunk)

    # --- control requests --------------------------------------------------------------

    def _enumerated(self):
        # USBCDC has just sent SET_CONTROL_LINE_STATE; its status packet ends enumeration.
        self.lines_pending = True

    def _after_enumeration(self):
        self.enumerations += 1
        self.info = {"strings": {}}
        self._request(setup(0x80, 6, 0x0100, 0, 18), done=self._device_descriptor)
        self._request(setup(0x80, 6, 0x0300, 0, 255), done=lambda d: self._string(0, d))
        for index in (1, 2, 3):
            self._request(setup(0x80, 6, 0x0300 | index, 0x0409, 255), done=lambda d, i=index: self._string(i, d))
        self._request(setup(0x80, 6, 0x0600, 0, 10), expect_stall=True,
                      done=lambda d: self.info.update(device_qualifier_stalls=d is None))
        self._request(setup(0x80, 6, 0x0200, 0, 255), done=self._configuration)
        if self.want_open:
            self._queue_open()

    def _queue_open(self):
        interface = self._interface()
        self._request(setup(0x21, 0x22, DTR_RTS, interface))
        self._request(setup(0x21, 0x20, 0, interface, 7), out=bytes((0x00, 0xC2, 0x01, 0x00, 0, 0, 8)))
        self._request(setup(0xA1, 0x21, 0, interface, 7), done=self._opened)

    def _opened(self, data):
        self.info["line_coding"] = list(data) if data is not None else None
        self.opened = self.want_open
        self._deliver()

    def _device_descriptor(self, data):
        if data is None or len(data) < 18:
            self.info["device"] = None
            return
        word = lambda i: data[i] | data[i + 1] << 8
        self.info["device"] = {"vendor_id": word(8), "product_id": word(10), "bcd_device": word(12),
                               "class": data[4], "max_packet_0": data[7], "configurations": data[17],
                               "strings": [data[14], data[15], data[16]]}
        if data[16]:  # iSerialNumber: read next, before anything queued after the descriptor
            self.queue.appendleft(Request(setup(0x80, 6, 0x0300 | data[16], 0x0409, 255),
                                          done=lambda d: self._string(data[16], d)))

    def _configuration(self, data):
        """The whole configuration descriptor, as hex; each HID interface (class 03h) in
        it gets SET_IDLE 0 and its report descriptor read, as `usbhid` does; the number
        of a reset interface (FFh/00h/01h), as picotool looks for it."""
        self.info["configuration"] = bytes(data).hex() if data is not None else None
        self.info["hid_report_descriptors"] = []
        self.info.pop("reset_interface", None)
        self.hid_endpoints = set()
        index, interface = 0, None
        while data is not None and index + 2 <= len(data) and data[index] >= 2:
            length, kind = data[index], data[index + 1]
            if kind == 4 and length >= 9:
                interface = data[index + 2] if data[index + 5] == 3 else None
                if tuple(data[index + 5:index + 8]) == (0xFF, 0x00, 0x01):  # the Pico SDK's reset interface
                    self.info["reset_interface"] = data[index + 2]
            elif kind == 0x21 and interface is not None and length >= 9:
                size = data[index + 7] | data[index + 8] << 8
                self._request(setup(0x21, 0x0A, 0, interface))
                self._request(setup(0x81, 6, 0x2200, interface, size),
                              done=lambda data, number=interface: self._report_descriptor(data, number))
            elif kind == 5 and interface is not None and data[index + 2] & 0x80 and data[index + 3] & 3 == 3:
                self.hid_endpoints.add(data[index + 2] & 0x0F)
            index += length

    def _report_descriptor(self, data, interface):
        """Keeps the report descriptor; a wheel's Resolution Multiplier in it is set to its
        logical maximum with SET_REPORT, as Linux's hid-input does when it binds (so the
        wheel reports in its high-resolution units)."""
        self.info["hid_report_descriptors"].append(bytes(data).hex() if data is not None else None)
        multiplier = resolution_multiplier(bytes(data or b""))
        if multiplier is not None:
            report_id, value = multiplier
            self.info["wheel_multiplier"] = value
            self._request(setup(0x21, 0x09, 0x0300 | report_id, interface, 2), out=bytes((report_id, value)))


    def _string(self, index, data):
        if data is None or len(data) < 2:
            self.info["strings"][str(index)] = None
        elif index == 0:
            self.info["strings"]["0"] = [data[i] | data[i + 1] << 8 for i in range(2, len(data) - 1, 2)]
        else:
            self.info["strings"][str(index)] = bytes(data[2:data[0]]).decode("utf-16-le")

    def _request(self, packet, out=b"", done=None, expect_stall=False):
        self.queue.append(Request(packet, out, done, expect_stall))
        if self.current is None:
            self.next_alarm.schedule(20_000)

    def _start_next(self):
        if self.current is not None or not self.queue or not self.ready or self.hung:
            return
        self.current = self.queue.popleft()
        self.usb.send_setup_packet(self.current.packet)
        if self.current.expect_stall:
            self.stall_alarm.schedule(2_000_000)  # the firmware polls far more often than every 2 ms

    def _control_in(self, buffer):
        request = self.current
        if request.is_in and not request.data_done:
            request.received += buffer
            if len(buffer) < 64 or len(request.received) >= request.length:
                request.data_done = True
                self._status_stage()
        elif not request.is_in and not buffer:
            self._finish(b"")

    def _status_stage(self):
        """Once the data is in and the device has armed endpoint 0 OUT: the zero-length
        status packet."""
        request = self.current
        if request.data_done and request.status_armed:
            self.usb.endpoint_read_done(0, b"")
            self._finish(bytes(request.received))

    def _check_stall(self):
        request = self.current
        if request is None or not request.expect_stall:
            return
        control = int.from_bytes(self.mcu.usb_dpram[0x80:0x84], "little")
        stalled = bool(control & STALL) and bool(self.usb.read_uint32(EP_STALL_ARM) & 1)
        self._finish(None if stalled else bytes(request.received))

    def _finish(self, data):
        request, self.current = self.current, None
        self.stall_alarm.cancel()
        request.done(data)
        if self.queue:
            self.next_alarm.schedule(20_000)

    def device_gone(self):
        """The chip was reset: the device dropped off the bus; the host forgets it."""
        self._controller_reset()

    def _controller_reset(self):
        """The device left the bus. What the host had read from it stays for the client
        (the reply a device sends just before it reboots, as `bootsel`'s `ack`); the
        harness then hangs the client up, as the tty goes away."""
        self.departures += 1
        self._cdc_reset()
        self._clear()


def resolution_multiplier(descriptor):
    """(report ID, logical maximum) of the first Feature item whose usages include Generic
    Desktop's Resolution Multiplier (01h:48h), from a walk of the short items (HID 1.11
    §6.2.2); None without one. It takes the field to start the feature report (bit 0)."""
    page = report_id = maximum = 0
    usages = []
    index = 0
    while index < len(descriptor):
        prefix = descriptor[index]
        size = (0, 1, 2, 4)[prefix & 3]
        value = int.from_bytes(descriptor[index + 1:index + 1 + size], "little")
        kind, tag = (prefix >> 2) & 3, prefix >> 4
        if kind == 1 and tag == 0x0:
            page = value
        elif kind == 1 and tag == 0x2:
            maximum = value
        elif kind == 1 and tag == 0x8:
            report_id = value
        elif kind == 2 and tag == 0x0:
            usages.append(value if size == 4 else page << 16 | value)
        elif kind == 0:
            if tag == 0xB and 0x00010048 in usages:
                return report_id, maximum
            usages = []
        index += 1 + size
    return None
