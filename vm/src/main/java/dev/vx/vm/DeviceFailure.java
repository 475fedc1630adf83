package dev.vx.vm;

/**
 * A device failed in a way that is not the program's fault (a kernel that does not build, a
 * driver error): the VM prints the message, which may span several lines (a build log), and
 * exits with status 4.
 */
public final class DeviceFailure extends RuntimeException {
    public DeviceFailure(String message) {
        super(message, null, false, false);
    }
}
