/// An Apple Health export's ECG file (`electrocardiograms/ecg_….csv`) as the Health app writes
/// it: `Name,value` header lines, a blank line, then one voltage a line in µV. The same ECG
/// Health Auto Export sends as voltages in V (-0.0000125, 0.00025, 0.0000032).
public enum ElectrocardiogramCSV {
    public static func text(recorded: String) -> String {
        """
        Name,Alex Example
        Recorded Date,\(recorded)
        Classification,Sinus Rhythm
        Software Version,1.90
        Device,"Watch6,2"
        Sample Rate,512 hertz
        Lead,Lead I
        Unit,µV

        -12.5
        250
        3.2

        """
    }
}
