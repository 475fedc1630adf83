package dev.vx.tools;

import dev.vx.vm.Devices;
import picocli.CommandLine.Command;
import java.util.concurrent.Callable;

@Command(name = "devices", mixinStandardHelpOptions = true, versionProvider = Vxvm.Version.class, description = "List the devices jobs can run on, and whether each is usable.")
final class DevicesCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        for (String line : Devices.describeAll()) Vxvm.out().println(line);
        return 0;
    }
}
