package dev.vx.vm;

/** No usable device of the kind asked for: {@code message} is one line saying why (exit status 2). */
public final class DeviceUnavailable extends Exception {
    public DeviceUnavailable(String message) {
        super(message, null, false, false);
    }
}
