import Local
@preconcurrency import Second
public import struct Third.Missing
import Synchronization
